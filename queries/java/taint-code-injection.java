import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.script.Bindings;
import javax.script.ScriptEngine;
import javax.script.ScriptEngineManager;
import javax.servlet.http.HttpServletRequest;
import groovy.lang.GroovyShell;
import org.springframework.expression.ExpressionParser;
import org.springframework.expression.spel.standard.SpelExpressionParser;
import org.springframework.expression.spel.support.StandardEvaluationContext;
import org.springframework.web.bind.annotation.*;

@RestController
public class PostingRuleController {
    private static final String STANDARD_FEE = "Math.max(2.5, amount * 0.004)";
    private final ExpressionParser parser = new SpelExpressionParser();
    private final String defaultRule;

    public record RuleRequest(String name, String condition, BigDecimal amount) {}

    @PostMapping("/rules/test")
    public boolean test(@RequestBody RuleRequest rule) {
        String condition = rule.condition().trim();
        if (condition.isEmpty()) {
            condition = "true";
        }
        StandardEvaluationContext context = new StandardEvaluationContext(rule);
        // ruleid: java/taint-code-injection
        return Boolean.TRUE.equals(parser.parseExpression(condition).getValue(context, Boolean.class));
    }

    @PostMapping("/rules/default")
    public boolean evaluateDefault(@RequestBody RuleRequest entry) {
        StandardEvaluationContext context = new StandardEvaluationContext(entry);
        // ok: java/taint-code-injection
        return Boolean.TRUE.equals(parser.parseExpression(defaultRule).getValue(context, Boolean.class));
    }

    @PostMapping("/fees/preview")
    public Object preview(@RequestParam String formula, @RequestParam String amount) throws Exception {
        List<String> lines = new ArrayList<>();
        lines.add("var amount = " + Double.parseDouble(amount) + ";");
        lines.add("var fee = " + formula.strip() + ";");
        ScriptEngine engine = new ScriptEngineManager().getEngineByName("javascript");
        // ruleid: java/taint-code-injection
        return engine.eval(String.join("\n", lines));
    }

    @PostMapping("/fees/standard")
    public Object standard(@RequestParam String amount, @RequestParam(defaultValue = "") String formula) throws Exception {
        Map<String, String> formulas = new HashMap<>();
        formulas.put("standard", STANDARD_FEE);
        formulas.put("requested", formula);
        ScriptEngine engine = new ScriptEngineManager().getEngineByName("javascript");
        Bindings bindings = engine.createBindings();
        bindings.put("amount", Double.parseDouble(amount));
        // ok: java/taint-code-injection
        return engine.eval(formulas.get("standard"), bindings);
    }

    public Object groovy(HttpServletRequest request) {
        GroovyShell shell = new GroovyShell();
        String script = "return " + request.getParameter("expr");
        // ruleid: java/taint-code-injection
        Object result = shell.evaluate(script);
        script = "return 42";
        // ok: java/taint-code-injection
        result = shell.evaluate(script);
        int factor = Integer.parseInt(request.getParameter("factor"));
        // ok: java/taint-code-injection
        return parser.parseExpression("amount * " + factor).getValue();
    }

    public Object internal(String expression) {
        // ok: java/taint-code-injection
        return parser.parseExpression(expression).getValue();
    }
}
