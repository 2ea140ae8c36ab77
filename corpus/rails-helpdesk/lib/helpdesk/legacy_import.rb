require "json"
require "yaml"

module Helpdesk
  # Imports tickets exported from the previous helpdesk (YAML) or the new one (JSON).
  class LegacyImport
    def initialize(io, format:)
      @io = io
      @format = format
    end

    def tickets
      @tickets ||= parse.map { |attrs| Ticket.new(attrs.slice("subject", "body", "status")) }
    end

    def save!
      Ticket.transaction { tickets.each(&:save!) }
    end

    private

    def parse
      case @format
      when "yaml" then YAML.load(@io.read)
      when "json" then JSON.parse(@io.read)
      else raise ArgumentError, "unknown export format #{@format}"
      end
    end
  end
end
