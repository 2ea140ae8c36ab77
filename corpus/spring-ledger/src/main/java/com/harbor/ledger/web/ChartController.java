package com.harbor.ledger.web;

import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.xpath.XPath;
import javax.xml.xpath.XPathExpressionException;
import javax.xml.xpath.XPathFactory;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.w3c.dom.Document;
import org.xml.sax.SAXException;

/**
 * The chart of accounts, read once from the bundled XML file. Restricted accounts
 * (payroll, legal) are hidden from this API.
 */
@RestController
@RequestMapping("/api/chart")
public class ChartController {

    private final Document chart;

    public ChartController() throws IOException, ParserConfigurationException, SAXException {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        try (InputStream in = ChartController.class.getResourceAsStream("/chart-of-accounts.xml")) {
            this.chart = factory.newDocumentBuilder().parse(in);
        }
    }

    @GetMapping("/accounts/{code}")
    public Map<String, String> account(@PathVariable String code) throws XPathExpressionException {
        String key = code.strip();
        String expression = String.format("/chart/account[@code='%s' and @restricted='false']/name", key);
        String name = xpath().evaluate(expression, chart);
        return Map.of("code", key, "name", name);
    }

    @GetMapping("/accounts/{code}/parent")
    public Map<String, String> parent(@PathVariable String code) throws XPathExpressionException {
        XPath xp = xpath();
        xp.setXPathVariableResolver(variable -> "code".equals(variable.getLocalPart()) ? code : null);
        String parent = xp.evaluate("/chart/account[@code=$code and @restricted='false']/@parent", chart);
        return Map.of("code", code, "parent", parent);
    }

    private static XPath xpath() {
        return XPathFactory.newInstance().newXPath();
    }
}
