class ReportFormula
  ALLOWED = { "sum" => :sum, "avg" => :average }.freeze

  def initialize(params)
    @params = params
    @formula = params[:formula]
  end

  def compute(rows)
    # ruleid: ruby/code-eval
    total = eval(@formula)
    # ruleid: ruby/code-eval
    scaled = eval("#{@params[:factor]} * #{total}", binding)
    # ruleid: ruby/code-eval
    rows.instance_eval(@params[:script])
    # ruleid: ruby/code-eval
    Report.class_eval("def #{@params[:name]}; end")
    # ok: ruby/code-eval
    two = eval("1 + 1")
    # ok: ruby/code-eval
    rows.instance_eval { compact }
    # ok: ruby/code-eval
    Report.class_eval do
      attr_reader :rows
    end
    # ok: ruby/code-eval
    rows.public_send(ALLOWED.fetch(@params[:op], :sum))
    [total, scaled, two]
  end
end

class Sandbox
  def run(params)
    # ruleid: ruby/code-eval
    binding.eval(params[:snippet])
    # ok: ruby/code-eval
    Dentaku::Calculator.new.evaluate(params[:expr])
    # ok: ruby/code-eval
    Calculator.eval(params[:expr])
  end
end
