<?php

function import_feed(string $xml): DOMDocument
{
    $doc = new DOMDocument();
    // ruleid: php/xml-external-entities
    $doc->loadXML($xml, LIBXML_NOENT | LIBXML_NONET);
    return $doc;
}

function legacy(string $xml)
{
    // ruleid: php/xml-external-entities
    libxml_disable_entity_loader(false);
    // ruleid: php/xml-external-entities
    return simplexml_load_string($xml, 'SimpleXMLElement', LIBXML_DTDLOAD);
}

function reader(string $path)
{
    $reader = new XMLReader();
    $reader->open($path);
    // ruleid: php/xml-external-entities
    $reader->setParserProperty(XMLReader::SUBST_ENTITIES, true);
    return $reader;
}

function safe(string $xml)
{
    $doc = new DOMDocument();
    // ok: php/xml-external-entities
    $doc->loadXML($xml, LIBXML_NONET);
    // ok: php/xml-external-entities
    libxml_disable_entity_loader(true);
    return $doc;
}

function strip_flag(string $xml, int $flags)
{
    $doc = new DOMDocument();
    // ok: php/xml-external-entities
    $doc->loadXML($xml, $flags & ~LIBXML_NOENT);
    return $doc;
}
