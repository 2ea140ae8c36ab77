require "open-uri"

class FeedImporter
  def initialize(source)
    @source = source
  end

  def import(params)
    # ruleid: ruby/kernel-open
    body = open(params[:feed_url]).read
    # ruleid: ruby/kernel-open
    lines = IO.readlines(@source)
    # ruleid: ruby/kernel-open
    open("#{params[:dir]}/feed.xml") { |f| f.read }
    # ok: ruby/kernel-open
    local = File.open(@source, "r") { |f| f.read }
    # ok: ruby/kernel-open
    remote = URI.parse(params[:feed_url]).open.read
    # ok: ruby/kernel-open
    config = open("config/feeds.yml").read
    # ok: ruby/kernel-open
    text = File.read(@source)
    # ok: ruby/kernel-open
    door.open(params[:code])
    [body, lines, local, remote, config, text]
  end
end
