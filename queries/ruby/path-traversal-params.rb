class DownloadsController < ApplicationController
  UPLOAD_ROOT = Rails.root.join("storage", "uploads")

  def show
    # ruleid: ruby/path-traversal-params
    send_file File.join(UPLOAD_ROOT, params[:file])
  end

  def preview
    # ruleid: ruby/path-traversal-params
    @text = File.read("#{UPLOAD_ROOT}/#{params[:name]}")
  end

  def destroy
    # ruleid: ruby/path-traversal-params
    FileUtils.rm_f(UPLOAD_ROOT.join(params[:name]))
    head :no_content
  end

  def safe_show
    # ok: ruby/path-traversal-params
    send_file File.join(UPLOAD_ROOT, File.basename(params[:file]))
  end

  def by_id
    upload = Upload.find(params[:id])
    # ok: ruby/path-traversal-params
    send_file upload.path
    # ok: ruby/path-traversal-params
    @terms = File.read(Rails.root.join("public", "terms.txt"))
    # ok: ruby/path-traversal-params
    @name = File.basename(params[:name])
  end
end
