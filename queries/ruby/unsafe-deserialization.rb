require "base64"
require "json"
require "yaml"

class CartsController < ApplicationController
  def restore
    raw = Base64.decode64(cookies[:cart].to_s)
    # ruleid: ruby/unsafe-deserialization
    @cart = Marshal.load(raw)
    # ruleid: ruby/unsafe-deserialization
    @prefs = YAML.load(params[:prefs])
    # ruleid: ruby/unsafe-deserialization
    @import = Psych.unsafe_load(request.body.read)
    # ok: ruby/unsafe-deserialization
    @safe_prefs = YAML.safe_load(params[:prefs], permitted_classes: [Symbol])
    # ok: ruby/unsafe-deserialization
    @json = JSON.parse(raw)
    # ok: ruby/unsafe-deserialization
    cookies[:cart] = Base64.encode64(Marshal.dump(@cart))
    # ok: ruby/unsafe-deserialization
    @defaults = YAML.load_file(Rails.root.join("config", "cart.yml"))
    # ok: ruby/unsafe-deserialization
    @plugin = PluginLoader.load(params[:name])
  end
end
