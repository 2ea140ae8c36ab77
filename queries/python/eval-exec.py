import ast

def handler(request):
    expr = request.args.get("q")
    # ruleid: python/eval-exec
    result = eval(expr)
    # ruleid: python/eval-exec
    exec(compile(expr, "<q>", "exec"))
    # ok: python/eval-exec
    value = eval("1 + 1")
    # ok: python/eval-exec
    data = ast.literal_eval(expr)
    # ok: python/eval-exec
    model.eval()
    return result, value, data
