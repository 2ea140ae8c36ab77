package io.northgate.fleet.web;

import io.northgate.fleet.config.FleetProperties;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Map;
import javax.servlet.http.HttpSession;
import javax.xml.xpath.XPath;
import javax.xml.xpath.XPathExpressionException;
import javax.xml.xpath.XPathFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.xml.sax.InputSource;

/**
 * Geofences of all customers live in one XML file maintained by ops:
 * {@code <geofences><customer id="..."><geofence name="..."><polygon>...</polygon></geofence></customer></geofences>}.
 * A user may only see the fences of the customer they signed in for.
 */
@RestController
@RequestMapping("/api/geofences")
public class GeofenceController {

    private final FleetProperties props;

    public GeofenceController(FleetProperties props) {
        this.props = props;
    }

    /** GET /api/geofences/count: total number of fences, for the ops dashboard. */
    @GetMapping("/count")
    public Map<String, String> count() throws IOException, XPathExpressionException {
        XPath xpath = XPathFactory.newInstance().newXPath();
        try (Reader reader = Files.newBufferedReader(Paths.get(props.getGeofenceFile()), StandardCharsets.UTF_8)) {
            String total = xpath.evaluate("count(/geofences/customer/geofence)", new InputSource(reader));
            return Map.of("geofences", total);
        }
    }

    /** GET /api/geofences/{name}: polygon (WKT) of one of the signed-in customer's fences. */
    @GetMapping("/{name}")
    public ResponseEntity<String> polygon(@PathVariable String name, HttpSession session) throws IOException, XPathExpressionException {
        Object customerId = session.getAttribute("customerId");
        if (customerId == null) {
            return ResponseEntity.status(HttpStatus.UNAUTHORIZED).build();
        }
        String expression = "/geofences/customer[@id='" + customerId + "']/geofence[@name='" + name + "']/polygon";
        XPath xpath = XPathFactory.newInstance().newXPath();
        try (Reader reader = Files.newBufferedReader(Paths.get(props.getGeofenceFile()), StandardCharsets.UTF_8)) {
            String polygon = xpath.evaluate(expression, new InputSource(reader));
            if (polygon.isEmpty()) {
                return ResponseEntity.notFound().build();
            }
            return ResponseEntity.ok(polygon);
        }
    }
}
