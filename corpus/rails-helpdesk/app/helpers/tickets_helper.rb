module TicketsHelper
  STATUS_CLASSES = {
    "open" => "badge-warning",
    "resolved" => "badge-success",
    "escalated" => "badge-danger",
  }.freeze

  def status_badge(ticket)
    content_tag(:span, ticket.status.humanize, class: "badge #{STATUS_CLASSES.fetch(ticket.status, 'badge-secondary')}")
  end

  # Subject line with the requester's name, shown in the ticket list.
  def ticket_heading(ticket)
    "<strong>#{ticket.subject}</strong> <small>from #{ticket.requester.name}</small>".html_safe
  end

  # Agents may format replies with a small subset of HTML.
  def comment_body(comment)
    sanitize(comment.body, tags: %w[p br b i em strong a ul ol li], attributes: %w[href])
  end

  def priority_icon(ticket)
    ticket.priority == "high" ? "&#9888;".html_safe : "&#8226;".html_safe
  end
end
