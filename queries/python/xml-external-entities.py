import xml.sax
from lxml import etree
from xml.sax.handler import feature_external_ges


def parse_feed(data):
    # ruleid: python/xml-external-entities
    parser = etree.XMLParser(resolve_entities=True)
    return etree.fromstring(data, parser)


def parse_remote(data):
    # ruleid: python/xml-external-entities
    parser = etree.XMLParser(load_dtd=True, no_network=True)
    # ruleid: python/xml-external-entities
    other = etree.XMLParser(no_network=False)
    return etree.fromstring(data, parser)


def parse_sax(stream, handler):
    parser = xml.sax.make_parser()
    # ruleid: python/xml-external-entities
    parser.setFeature(feature_external_ges, True)
    parser.setContentHandler(handler)
    parser.parse(stream)


def safe(data, stream):
    # ok: python/xml-external-entities
    parser = etree.XMLParser(resolve_entities=False, no_network=True)
    sax = xml.sax.make_parser()
    # ok: python/xml-external-entities
    sax.setFeature(feature_external_ges, False)
    return etree.fromstring(data, parser)
