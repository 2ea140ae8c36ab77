require "digest"

class User < ApplicationRecord
  has_many :assigned_tickets, class_name: "Ticket", foreign_key: :assignee_id
  has_many :requested_tickets, class_name: "Ticket", foreign_key: :requester_id

  validates :email, presence: true, uniqueness: { case_sensitive: false }
  validates :password, length: { minimum: 10 }, allow_nil: true

  attr_reader :password

  before_create :generate_api_token

  def password=(plain)
    @password = plain
    self.password_salt = SecureRandom.hex(16)
    self.password_digest = self.class.digest(plain, password_salt)
  end

  def authenticate(plain)
    ActiveSupport::SecurityUtils.secure_compare(password_digest, self.class.digest(plain, password_salt))
  end

  def self.digest(plain, salt)
    Digest::SHA1.hexdigest("#{salt}--#{plain}")
  end

  def gravatar_url
    # Gravatar wants a SHA-256 of the lower-cased address.
    "https://www.gravatar.com/avatar/#{Digest::SHA256.hexdigest(email.downcase)}"
  end

  private

  def generate_api_token
    self.api_token = SecureRandom.urlsafe_base64(32)
  end
end
