<?php

class FormulaField
{
    public function evaluate(string $expression, array $vars): float
    {
        extract($vars, EXTR_SKIP);
        // ruleid: php/code-injection
        return eval("return $expression;");
    }

    public function legacyCheck($rule)
    {
        // ruleid: php/code-injection
        assert("$rule > 0");
        // ruleid: php/code-injection
        $fn = create_function('$v', 'return ' . $rule . ';');
        return $fn;
    }

    public function highlight(string $text): string
    {
        // ruleid: php/code-injection
        return preg_replace('/\{(\w+)\}/e', '$this->lookup("\\1")', $text);
    }

    public function runStored(string $code)
    {
        // ruleid: php/code-injection
        return eval($code);
    }

    public function safe(string $text, int $n)
    {
        // ok: php/code-injection
        eval('$defaults = [];');
        // ok: php/code-injection
        assert($n > 0);
        // ok: php/code-injection
        $clean = preg_replace('/\s+/', ' ', $text);
        // ok: php/code-injection
        $upper = preg_replace_callback('/\{(\w+)\}/', fn ($m) => strtoupper($m[1]), $text);
        // ok: php/code-injection
        $lower = preg_replace('#<br\s*/?>#i', "\n", $text);
        return [$clean, $upper, $lower];
    }
}
