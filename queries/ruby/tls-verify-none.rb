require "net/http"
require "openssl"
require "faraday"

class RatesClient
  ENDPOINT = URI("https://rates.example.com/v1/latest")

  def fetch
    http = Net::HTTP.new(ENDPOINT.host, ENDPOINT.port)
    http.use_ssl = true
    # ruleid: ruby/tls-verify-none
    http.verify_mode = OpenSSL::SSL::VERIFY_NONE
    # ruleid: ruby/tls-verify-none
    conn = Faraday.new(url: ENDPOINT.to_s, ssl: { verify: false })
    # ruleid: ruby/tls-verify-none
    resp = RestClient::Request.execute(method: :get, url: ENDPOINT.to_s, verify_ssl: false)
    # ruleid: ruby/tls-verify-none
    Net::HTTP.start(ENDPOINT.host, ENDPOINT.port, use_ssl: true, verify_mode: OpenSSL::SSL::VERIFY_NONE) { |h| h.get("/") }
    # ok: ruby/tls-verify-none
    http.verify_mode = OpenSSL::SSL::VERIFY_PEER
    # ok: ruby/tls-verify-none
    strict = Faraday.new(url: ENDPOINT.to_s, ssl: { verify: true, ca_file: "/etc/ssl/internal-ca.pem" })
    # ok: ruby/tls-verify-none
    raise "insecure TLS" if http.verify_mode == OpenSSL::SSL::VERIFY_NONE
    # ok: ruby/tls-verify-none
    form = SignupForm.new(email: "a@b.c", verify: false)
    [conn, resp, strict, form]
  end
end
