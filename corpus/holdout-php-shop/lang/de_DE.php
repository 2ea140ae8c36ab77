<?php

return [
    'cart.added' => 'In den Warenkorb gelegt',
    'cart.empty' => 'Dein Warenkorb ist leer',
    'preview.play' => '30 s anhören',
    'stock.low' => 'Nur noch wenige da',
];
