<?php

return [
    'cart.added' => 'Added to your cart',
    'cart.empty' => 'Your cart is empty',
    'preview.play' => 'Play 30 s preview',
    'stock.low' => 'Only a few left',
];
