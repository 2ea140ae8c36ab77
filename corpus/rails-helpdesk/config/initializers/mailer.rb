# Outgoing mail goes through the company relay; incoming tickets are fetched by the
# mailroom process, which reads its own settings from ENV.
Rails.application.configure do
  config.action_mailer.delivery_method = :smtp
  config.action_mailer.smtp_settings = {
    address: "smtp.mailrelay.internal",
    port: 587,
    user_name: "helpdesk",
    password: "Rl4y!helpdesk#2023",
    authentication: :login,
    enable_starttls_auto: true,
  }
  config.action_mailer.default_url_options = { host: ENV.fetch("HELPDESK_HOST", "helpdesk.example.com") }
end

Mailroom.configure do |c|
  c.imap_host = ENV.fetch("IMAP_HOST")
  c.imap_password = ENV.fetch("IMAP_PASSWORD")
end
