package io.northgate.fleet.web;

import java.util.Map;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.client.RestTemplate;

/**
 * Proxy in front of the telematics gateways that collect GPS fixes from the trackers.
 * The gateways are only reachable from inside the fleet network.
 */
@RestController
@RequestMapping("/api/telematics")
public class TelematicsController {

    private static final String FLEET_GATEWAY = "https://gateway.telematics.northgate.internal";

    private static final Map<String, String> REGIONAL_GATEWAYS = Map.of(
        "north", "https://north.telematics.northgate.internal",
        "midlands", "https://midlands.telematics.northgate.internal",
        "south", "https://south.telematics.northgate.internal");

    private final RestTemplate restTemplate;

    public TelematicsController(RestTemplate restTemplate) {
        this.restTemplate = restTemplate;
    }

    /**
     * GET /api/telematics/positions?gateway=...&unit=...
     * Used by the field-install tool to check that a freshly fitted tracker reports in.
     */
    @GetMapping("/positions")
    public String positions(@RequestParam String gateway, @RequestParam String unit) {
        String base = gateway.endsWith("/") ? gateway.substring(0, gateway.length() - 1) : gateway;
        String url = base + "/api/v2/units/" + unit + "/positions?limit=50";
        return restTemplate.getForObject(url, String.class);
    }

    /** GET /api/telematics/regions/{region}/status */
    @GetMapping("/regions/{region}/status")
    public ResponseEntity<String> regionStatus(@PathVariable String region) {
        String base = REGIONAL_GATEWAYS.get(region.toLowerCase());
        if (base == null) {
            return ResponseEntity.notFound().build();
        }
        return restTemplate.getForEntity(base + "/status", String.class);
    }

    /**
     * GET /api/telematics/health
     * Older install tools send X-Gateway-Override; since 2.3 the health check always goes to the fleet gateway.
     */
    @GetMapping("/health")
    public String health(@RequestHeader(value = "X-Gateway-Override", required = false) String gateway) {
        gateway = FLEET_GATEWAY;
        return restTemplate.getForObject(gateway + "/health", String.class);
    }
}
