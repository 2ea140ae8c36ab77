class ReportsController < ApplicationController
  EXPORTERS = { "csv" => CsvExporter, "pdf" => PdfExporter }.freeze
  SORTS = %w[name created_at].freeze

  def show
    report = Report.find(params[:id])
    # ruleid: ruby/unsafe-reflection
    data = report.send(params[:section])
    # ruleid: ruby/unsafe-reflection
    exporter = params[:format].constantize.new(data)
    # ruleid: ruby/unsafe-reflection
    sorted = report.rows.public_send(params[:sort].to_sym)
    # ruleid: ruby/unsafe-reflection
    klass = Object.const_get(params[:type])
    # ok: ruby/unsafe-reflection
    safe = report.public_send(:summary)
    # ok: ruby/unsafe-reflection
    exporter2 = EXPORTERS.fetch(params[:format]).new(data)
    # ok: ruby/unsafe-reflection
    sorted2 = report.rows.public_send(SORTS.include?(params[:sort]) ? params[:sort] : "name")
    # ok: ruby/unsafe-reflection
    title = report.try(:title)
    # ok: ruby/unsafe-reflection
    model = "Report".constantize
    render json: [exporter, sorted, klass, safe, exporter2, sorted2, title, model]
  end
end
