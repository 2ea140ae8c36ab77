package com.harbor.ledger.web;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.script.Bindings;
import javax.script.ScriptEngine;
import javax.script.ScriptEngineManager;
import javax.script.ScriptException;
import org.springframework.expression.ExpressionParser;
import org.springframework.expression.spel.standard.SpelExpressionParser;
import org.springframework.expression.spel.support.StandardEvaluationContext;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import com.harbor.ledger.config.LedgerSettings;
import com.harbor.ledger.model.JournalEntry;
import com.harbor.ledger.model.PostingRuleRequest;

/**
 * Posting rules (SpEL conditions that route journal entries to approval) and fee formulas.
 */
@RestController
@RequestMapping("/api/rules")
public class PostingRuleController {

    private static final String STANDARD_FEE_FORMULA = "Math.max(2.5, amount * 0.004)";

    private final ExpressionParser parser = new SpelExpressionParser();
    private final LedgerSettings settings;

    public PostingRuleController(LedgerSettings settings) {
        this.settings = settings;
    }

    /** "Test rule" button of the rule editor: evaluates the typed condition on a sample entry. */
    @PostMapping("/test")
    public Map<String, Object> testRule(@RequestBody PostingRuleRequest rule) {
        String condition = rule.condition().trim();
        if (condition.isEmpty()) {
            condition = "true";
        }
        StandardEvaluationContext context = new StandardEvaluationContext(sampleEntry(rule.account(), rule.amount()));
        Boolean matches = parser.parseExpression(condition).getValue(context, Boolean.class);
        return Map.of("matches", Boolean.TRUE.equals(matches));
    }

    /** Applies the configured default rule to an entry the client sends. */
    @PostMapping("/default/evaluate")
    public Map<String, Object> evaluateDefault(@RequestBody JournalEntry entry) {
        StandardEvaluationContext context = new StandardEvaluationContext(entry);
        Boolean matches = parser.parseExpression(settings.getDefaultPostingRule()).getValue(context, Boolean.class);
        return Map.of("needsApproval", Boolean.TRUE.equals(matches));
    }

    /** Preview of a custom fee formula typed by the user. */
    @PostMapping("/fees/preview")
    public Map<String, Object> previewFee(@RequestParam String formula, @RequestParam String amount)
            throws ScriptException {
        List<String> lines = new ArrayList<>();
        lines.add("var amount = " + Double.parseDouble(amount) + ";");
        lines.add("var fee = " + formula.strip() + ";");
        lines.add("fee;");
        ScriptEngine engine = new ScriptEngineManager().getEngineByName("javascript");
        Object fee = engine.eval(String.join("\n", lines));
        return Map.of("fee", String.valueOf(fee));
    }

    /** Standard fee; the requested formula is only stored for the finance team to review. */
    @PostMapping("/fees/standard")
    public Map<String, Object> standardFee(@RequestParam String amount,
                                           @RequestParam(defaultValue = "") String formula) throws ScriptException {
        Map<String, String> formulas = new HashMap<>();
        formulas.put("standard", STANDARD_FEE_FORMULA);
        formulas.put("requested", formula);
        ScriptEngine engine = new ScriptEngineManager().getEngineByName("javascript");
        Bindings bindings = engine.createBindings();
        bindings.put("amount", Double.parseDouble(amount));
        Object fee = engine.eval(formulas.get("standard"), bindings);
        return Map.of("fee", String.valueOf(fee), "requestedFormula", formulas.get("requested"));
    }

    private static JournalEntry sampleEntry(String account, BigDecimal amount) {
        return new JournalEntry(account, amount, "rule test", LocalDate.now());
    }
}
