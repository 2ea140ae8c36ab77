require "openssl"

class LegacyVault
  def encrypt(plain, key)
    # ruleid: ruby/weak-cipher
    cipher = OpenSSL::Cipher.new("des-ede3-cbc")
    cipher.encrypt
    cipher.key = key
    # ruleid: ruby/weak-cipher
    ecb = OpenSSL::Cipher.new("aes-128-ecb")
    # ruleid: ruby/weak-cipher
    stream = OpenSSL::Cipher::RC4.new
    # ok: ruby/weak-cipher
    gcm = OpenSSL::Cipher.new("aes-256-gcm")
    # ok: ruby/weak-cipher
    cbc = OpenSSL::Cipher::AES.new(256, :CBC)
    # ok: ruby/weak-cipher
    desc = Description.new("des-ede3-cbc")
    [cipher.update(plain) + cipher.final, ecb, stream, gcm, cbc, desc]
  end
end
