require "digest"
require "openssl"

module Tokens
  def self.password_digest(password, salt)
    # ruleid: ruby/weak-hash
    Digest::MD5.hexdigest(salt + password)
  end

  def self.signature(payload, key)
    # ruleid: ruby/weak-hash
    sig = Digest::SHA1.hexdigest(key + payload)
    # ruleid: ruby/weak-hash
    legacy = OpenSSL::Digest.new("MD5").hexdigest(key + payload)
    # ruleid: ruby/weak-hash
    sha = OpenSSL::Digest::MD5.new.update(payload).hexdigest
    # ok: ruby/weak-hash
    strong = Digest::SHA256.hexdigest(key + payload)
    # ok: ruby/weak-hash
    mac = OpenSSL::HMAC.hexdigest(OpenSSL::Digest.new("SHA256"), key, payload)
    # ok: ruby/weak-hash
    other = OpenSSL::Digest::SHA512.hexdigest(payload)
    # ok: ruby/weak-hash
    md5_column = Checksum.md5(payload)
    [sig, legacy, sha, strong, mac, other, md5_column]
  end
end
