package io.northgate.fleet.web;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Vehicle registry look-ups used by the dispatch board and the drivers' mobile app.
 */
@RestController
@RequestMapping("/api/vehicles")
public class VehicleController {

    private static final String VEHICLE_COLUMNS = "id, plate, make, model, depot_id, status";

    private final JdbcTemplate jdbc;

    public VehicleController(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** GET /api/vehicles/by-plate/{plate}, e.g. "ab12 cde" */
    @GetMapping("/by-plate/{plate}")
    public List<Map<String, Object>> byPlate(@PathVariable String plate) {
        String normalized = plate.replace(" ", "").toUpperCase();
        return jdbc.queryForList("SELECT " + VEHICLE_COLUMNS + " FROM vehicles WHERE plate = ?", normalized);
    }

    /** GET /api/vehicles?status=in_service&depot=3&make=Ford */
    @GetMapping
    public List<Map<String, Object>> search(@RequestParam(required = false) String status,
                                            @RequestParam(required = false) String depot,
                                            @RequestParam(required = false) String make) {
        StringBuilder sql = new StringBuilder("SELECT " + VEHICLE_COLUMNS + " FROM vehicles WHERE 1 = 1");
        List<Object> args = new ArrayList<>();
        if (status != null) {
            sql.append(" AND status = '").append(status.trim().toUpperCase()).append("'");
        }
        if (depot != null) {
            sql.append(" AND depot_id = ?");
            args.add(Integer.parseInt(depot));
        }
        if (make != null) {
            sql.append(" AND make = ?");
            args.add(make);
        }
        sql.append(" ORDER BY plate");
        return jdbc.queryForList(sql.toString(), args.toArray());
    }

    /** GET /api/vehicles/{id}/odometer: latest reading reported by the tracker. */
    @GetMapping("/{id}/odometer")
    public Map<String, Object> odometer(@PathVariable String id) {
        long vehicleId = Long.parseLong(id);
        return jdbc.queryForMap("SELECT odometer_km, recorded_at FROM odometer_readings WHERE vehicle_id = " + vehicleId + " ORDER BY recorded_at DESC LIMIT 1");
    }
}
