<?php

// Direct: a posted expression evaluated.
$expr = $_POST['expr'];
// ruleid: php/taint-code-injection
// ruleid: php/code-injection
$result = eval('return ' . $expr . ';');

// A macro stripped of its wrapper, then evaluated.
$macro = $_POST['macro'];
$code = preg_replace('/^\{\{calc:(.*)\}\}$/', '$1', trim($macro));
// ruleid: php/taint-code-injection
// ruleid: php/code-injection
$value = eval("return $code;");

// A number is only a number.
$n = (float) $_GET['n'];
// ok: php/taint-code-injection
// ok: php/code-injection
$double = eval("return $n * 2;");

// Exported as a PHP literal.
$label = var_export($_GET['label'], true);
// ok: php/taint-code-injection
// ok: php/code-injection
$quoted = eval('return ' . $label . ';');

// A string assertion is code.
$check = $_GET['check'];
// ruleid: php/taint-code-injection
assert($check);

// create_function builds a function from text.
$body = $_REQUEST['body'];
// ruleid: php/taint-code-injection
// ruleid: php/code-injection
$fn = create_function('$x', 'return ' . $body . ';');

// The /e modifier evaluates the replacement.
$template = $_GET['template'];
// ruleid: php/taint-code-injection
// ruleid: php/code-injection
$out = preg_replace('/\{(\w+)\}/e', '$vars["\\1"] . "' . $template . '"', $text);
// ok: php/taint-code-injection
$out = preg_replace('/\{(\w+)\}/', $template, $text);

// An allow-list of formulas indexed by the request.
$formulas = ['double' => 'return $x * 2;', 'square' => 'return $x * $x;'];
$formula = $formulas[$_GET['formula']];
// ok: php/taint-code-injection
// ok: php/code-injection
$f = eval($formula);

// A constant entry next to a request entry, reset values, dead branches.
$snippets = ['init' => '$count = 0;', 'user' => $_POST['snippet']];
$init = $snippets['init'];
// ok: php/taint-code-injection
// ok: php/code-injection
eval($init);
$user = $snippets['user'];
// ruleid: php/taint-code-injection
// ruleid: php/code-injection
eval($user);
$hook = $_GET['hook'];
$hook = 'return true;';
// ok: php/taint-code-injection
// ok: php/code-injection
eval($hook);
if (false) {
    // ok: php/taint-code-injection
    // ok: php/code-injection
    eval($_GET['hook']);
}

// Lines of the request collected in a loop.
$lines = [];
foreach (explode("\n", $_POST['script']) as $line) {
    $lines[] = trim($line);
}
// ruleid: php/taint-code-injection
// ruleid: php/code-injection
eval(implode(";\n", $lines));

function calculate($formula)
{
    // ok: php/taint-code-injection
    // ruleid: php/code-injection
    return eval("return $formula;");
}

// The /e modifier evaluates the replacement with the matched text of the subject in it.
$comment = $_POST['comment'];
// ruleid: php/taint-code-injection
// ruleid: php/code-injection
$rendered = preg_replace('/\[b\](.*?)\[\/b\]/e', '"<b>" . strtoupper("\\1") . "</b>"', $comment);
