<?php
/**
 * Calculated fields: the editor posts {{calc: ...}} macros here and shows the result inline.
 */

require_once __DIR__ . '/../config.php';
require_once __DIR__ . '/../src/helpers.php';

session_start();

function evaluate_macro(): void
{
    $macro = trim($_POST['macro'] ?? '');
    $expr = str_replace(['{{calc:', '}}'], '', $macro);
    $expr = rtrim(trim($expr), ';');
    $value = eval('return ' . $expr . ';');
    json_response(['value' => $value]);
}

/** Pages from wiki 1.x stored raw PHP snippets; they are no longer executed. */
function evaluate_legacy_macro(): void
{
    $code = $_POST['code'] ?? '';
    if (0) {
        eval($code);
    }
    json_response(['error' => 'legacy PHP macros are no longer supported', 'length' => strlen($code)], 410);
}

switch ($_GET['kind'] ?? 'calc') {
    case 'legacy':
        evaluate_legacy_macro();
        break;
    default:
        evaluate_macro();
}
