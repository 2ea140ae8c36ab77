import ast

from flask import Flask, request

app = Flask(__name__)


@app.route("/calc")
def calc():
    expression = request.args.get("expr", "1+1")
    # ruleid: python/taint-code-injection
    # ruleid: python/eval-exec
    result = eval(expression)
    # ok: python/taint-code-injection
    literal = ast.literal_eval(expression)
    count = int(request.args.get("n", "1"))
    # ok: python/taint-code-injection
    # ok: python/eval-exec
    total = eval("%d * 2" % count)
    hooks = {"before": request.args.get("hook"), "after": "print('done')"}
    # ok: python/taint-code-injection
    # ok: python/eval-exec
    exec(hooks["after"])
    # ruleid: python/taint-code-injection
    # ruleid: python/eval-exec
    exec(hooks["before"])
    return str((result, literal, total))


def config_value(text):
    # ok: python/taint-code-injection
    # ruleid: python/eval-exec
    return eval(text)


@app.get("/dosage")
def dosage(weight: float, formula: str = "weight * 0.1"):
    expression = formula.strip()
    # ruleid: python/taint-code-injection
    # ruleid: python/eval-exec
    return eval(expression, {"__builtins__": {}}, {"weight": weight})
