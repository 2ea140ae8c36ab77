require "open3"

module Helpdesk
  # Runs uploaded attachments through ClamAV before agents can open them.
  class AttachmentScanner
    Result = Struct.new(:clean, :mime_type, :report)

    def initialize(upload)
      @upload = upload
    end

    def call
      path = @upload.tempfile.path
      mime, _status = Open3.capture2("file", "--brief", "--mime-type", path)
      report = %x(clamscan --no-summary --stdout "#{@upload.original_filename}" #{path})
      Result.new($?.success?, mime.strip, report)
    end

    def quarantine!
      system("mv", @upload.tempfile.path, "/var/quarantine/")
    end
  end
end
