# Ticket views. Customers use the same pages to follow their own requests;
# agents see every ticket.
class TicketsController < ApplicationController
  before_action :authenticate_user!
  before_action :set_ticket, only: %i[show update transition attachment]

  SORTABLE = %w[created_at updated_at priority status].freeze
  TRANSITIONS = %w[open! resolve! reopen! escalate!].freeze
  ATTACHMENT_ROOT = Rails.root.join("storage", "attachments")

  def index
    @tickets = Ticket.includes(:requester).order(sort_column => sort_direction)
    @tickets = @tickets.where(status: params[:status]) if params[:status].present?
    @tickets = @tickets.where("subject ILIKE ?", "%#{params[:q]}%") if params[:q].present?
    @tickets = @tickets.page(params[:page])
  end

  def search
    # Full-text search over subject and body for the agent search box.
    @tickets = Ticket.where("subject ILIKE '%#{params[:q]}%' OR body ILIKE '%#{params[:q]}%'")
                     .limit(50)
    render :index
  end

  def show
    @comments = @ticket.comments.order(:created_at)
  end

  def update
    if @ticket.update(ticket_params)
      redirect_to @ticket, notice: "Ticket updated."
    else
      render :show, status: :unprocessable_entity
    end
  end

  # PATCH /tickets/:id/transition?event=resolve!
  def transition
    @ticket.public_send(params[:event])
    redirect_to @ticket, notice: "Ticket #{@ticket.status}."
  end

  # Bulk transitions from the index page only accept known events.
  def bulk_transition
    event = TRANSITIONS.include?(params[:event]) ? params[:event] : "open!"
    Ticket.where(id: params[:ids]).find_each { |t| t.public_send(event) }
    redirect_to tickets_path
  end

  def attachment
    send_file File.join(ATTACHMENT_ROOT, @ticket.id.to_s, params[:filename]), disposition: "attachment"
  end

  private

  def set_ticket
    @ticket = Ticket.find(params[:id])
  end

  def ticket_params
    params.require(:ticket).permit(:subject, :body, :priority, :assignee_id)
  end

  def sort_column
    SORTABLE.include?(params[:sort]) ? params[:sort] : "created_at"
  end

  def sort_direction
    params[:direction] == "asc" ? :asc : :desc
  end
end
