require "stripe"

module Shop
  # ruleid: ruby/hardcoded-secret
  API_KEY = "sk_live_51HfakeKEYfake00".freeze
  # ruleid: ruby/hardcoded-secret
  Stripe.api_key = "sk_live_9f8a7c6b5d4e"

  class Mailer
    def initialize
      # ruleid: ruby/hardcoded-secret
      @smtp_password = 'Sup3rS3cret!'
    end

    def settings
      {
        address: "smtp.example.com",
        user_name: "shop",
        # ruleid: ruby/hardcoded-secret
        password: "hunter22",
        # ruleid: ruby/hardcoded-secret
        "auth_token" => "ghp_0123456789abcdefghij",
      }
    end
  end

  # ok: ruby/hardcoded-secret
  DB_PASSWORD = ENV.fetch("DB_PASSWORD")
  # ok: ruby/hardcoded-secret
  TOKEN_TYPE = "bearer"
  # ok: ruby/hardcoded-secret
  PLACEHOLDER = { password: "changeme" }
  # ok: ruby/hardcoded-secret
  EMPTY = { api_key: "" }
  # ok: ruby/hardcoded-secret
  PASSWORD_RESET_PATH = "/users/password/new"
  # ok: ruby/hardcoded-secret
  HEADER = { token: "#{ENV['PREFIX']}-header" }
  # ok: ruby/hardcoded-secret
  HEADERS = { api_key: "X-Api-Key" }
  # ok: ruby/hardcoded-secret
  Stripe.api_key = Rails.application.credentials.dig(:stripe, :api_key)
end
