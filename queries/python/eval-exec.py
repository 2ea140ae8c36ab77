import ast
import builtins

SAFE_EXPR = "1 + 1"


def handler(request):
    expr = request.args.get("q")
    # ruleid: python/eval-exec
    # ruleid: python/taint-code-injection
    result = eval(expr)
    # ruleid: python/eval-exec
    # ruleid: python/taint-code-injection
    exec(compile(expr, "<q>", "exec"))
    # ruleid: python/eval-exec
    # ruleid: python/taint-code-injection
    total = eval(f"{expr} * 2")
    # ruleid: python/eval-exec
    builtins.exec("print(" + expr + ")", {})
    # ruleid: python/eval-exec
    # ruleid: python/taint-code-injection
    eval(request.form["code"], {"__builtins__": {}})
    # ok: python/eval-exec
    value = eval("1 + 1")
    # ok: python/eval-exec
    exec("""import math""")
    # ok: python/eval-exec
    data = ast.literal_eval(expr)
    # ok: python/eval-exec
    model.eval()
    # ok: python/eval-exec
    torch_model.exec(expr)
    return result, value, data, total
