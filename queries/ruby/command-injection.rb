require "open3"
require "shellwords"

class ThumbnailJob
  THUMB_DIR = "/srv/thumbs".freeze

  def perform(path, size)
    # ruleid: ruby/command-injection
    system("convert #{path} -resize #{size} #{THUMB_DIR}/out.png")
    # ruleid: ruby/command-injection
    info = `identify #{path}`
    # ruleid: ruby/command-injection
    meta = %x(exiftool #{path})
    # ruleid: ruby/command-injection
    out, status = Open3.capture2("du -sh " + path)
    # ruleid: ruby/command-injection
    IO.popen("gzip -c #{path}") { |io| io.read }
    cmd = "rm -f #{path}.tmp"
    # ruleid: ruby/command-injection
    system(cmd)
    # ok: ruby/command-injection
    system("convert", path, "-resize", size, "#{THUMB_DIR}/out.png")
    # ok: ruby/command-injection
    out2, status2 = Open3.capture2("identify", path)
    # ok: ruby/command-injection
    listing = `ls -1 /srv/thumbs`
    # ok: ruby/command-injection
    system("identify #{Shellwords.escape(path)}")
    # ok: ruby/command-injection
    notifier.system("resized #{path}")
    # ok: ruby/command-injection
    IO.popen(["gzip", "-c", path]) { |io| io.read }
    [info, meta, out, status, out2, status2, listing]
  end
end
