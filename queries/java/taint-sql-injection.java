import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.persistence.EntityManager;
import javax.servlet.http.HttpServletRequest;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.web.bind.annotation.*;

@RestController
public class InvoiceController {
    private static final String INVOICE_COLUMNS = "SELECT id, customer, total FROM invoices";
    private static final Map<String, String> SORT_KEYS = Map.of("date", "issued_at", "total", "total");

    private final JdbcTemplate jdbcTemplate;
    private final EntityManager em;
    private final Connection connection;

    @GetMapping("/invoices/search")
    public List<Map<String, Object>> search(@RequestParam String customer, @RequestParam(defaultValue = "") String status) {
        String sql = INVOICE_COLUMNS + " WHERE 1 = 1";
        if (!status.isEmpty()) {
            sql += " AND status = '" + status.trim().toUpperCase() + "'";
        }
        // ruleid: java/taint-sql-injection
        return jdbcTemplate.queryForList(sql);
    }

    @GetMapping("/invoices/by-customer")
    public List<Map<String, Object>> byCustomer(@RequestParam String customer) {
        // ok: java/taint-sql-injection
        return jdbcTemplate.queryForList(INVOICE_COLUMNS + " WHERE customer = ?", customer);
    }

    @GetMapping("/invoices/{id}")
    public Map<String, Object> one(@PathVariable String id) {
        long invoiceId = Long.parseLong(id);
        // ok: java/taint-sql-injection
        return jdbcTemplate.queryForMap(INVOICE_COLUMNS + " WHERE id = " + invoiceId);
    }

    @GetMapping("/invoices/{id}/lines")
    public List<Map<String, Object>> lines(@PathVariable String id, @RequestParam String sort) {
        StringBuilder query = new StringBuilder(INVOICE_COLUMNS).append(" WHERE id = ?");
        query.append(" ORDER BY ").append(sort);
        // ruleid: java/taint-sql-injection
        return jdbcTemplate.queryForList(query.toString(), Long.valueOf(id));
    }

    @GetMapping("/invoices/export")
    public List<Map<String, Object>> export(@RequestParam String sort) {
        String column = SORT_KEYS.getOrDefault(sort, "issued_at");
        // ok: java/taint-sql-injection
        return jdbcTemplate.queryForList(INVOICE_COLUMNS + " ORDER BY " + column);
    }

    public void legacy(HttpServletRequest request) throws Exception {
        String region = request.getHeader("X-Region");
        String from = request.getParameter("from");
        String where = String.format("region = '%s' AND issued_at > '%s'", region, from);
        Statement stmt = connection.createStatement();
        // ruleid: java/sql-injection
        // ruleid: java/taint-sql-injection
        ResultSet rs = stmt.executeQuery(INVOICE_COLUMNS + " WHERE " + where);
        if (false) {
            // ok: java/sql-injection
            // ok: java/taint-sql-injection
            stmt.execute("DELETE FROM drafts WHERE " + request.getParameter("filter"));
        }
        // ok: java/sql-injection
        PreparedStatement ps = connection.prepareStatement(INVOICE_COLUMNS + " WHERE region = ?");
        ps.setString(1, region);
        // ok: java/taint-sql-injection
        ps.executeQuery();
        String name = request.getParameter("name");
        // ruleid: java/taint-sql-injection
        // ruleid: java/sql-injection
        connection.prepareStatement("SELECT * FROM customers WHERE name = '" + name + "'");
        name = "ACME";
        // ok: java/taint-sql-injection
        // ok: java/sql-injection
        stmt.executeUpdate("UPDATE customers SET flagged = 1 WHERE name = '" + name + "'");
    }

    @PostMapping("/invoices/bulk")
    public void bulk(@RequestBody List<String> ids, HttpServletRequest request) throws Exception {
        Statement batch = connection.createStatement();
        for (String invoiceId : ids) {
            // ruleid: java/sql-injection
            // ruleid: java/taint-sql-injection
            batch.addBatch("UPDATE invoices SET paid = 1 WHERE id = " + invoiceId);
        }
        List<String> terms = new ArrayList<>();
        terms.add("status = 'OPEN'");
        terms.add("customer = '" + request.getParameter("customer") + "'");
        String condition = String.join(" AND ", terms);
        // ruleid: java/sql-injection
        // ruleid: java/taint-sql-injection
        em.createNativeQuery(INVOICE_COLUMNS + " WHERE " + condition).getResultList();
        Map<String, String> filters = new HashMap<>();
        filters.put("owner", request.getParameter("owner"));
        filters.put("kind", "invoice");
        String kind = filters.get("kind");
        // ok: java/sql-injection
        // ok: java/taint-sql-injection
        em.createQuery("FROM Invoice WHERE kind = '" + kind + "'").getResultList();
        String owner = filters.get("owner");
        // ruleid: java/sql-injection
        // ruleid: java/taint-sql-injection
        em.createQuery("FROM Invoice WHERE owner = '" + owner + "'").getResultList();
        String text = "SELECT * FROM invoices WHERE memo LIKE '%TERM%'".replace("TERM", request.getParameter("q"));
        // ruleid: java/taint-sql-injection
        jdbcTemplate.query(text, row -> row.getString(1));
        // ok: java/taint-sql-injection
        jdbcTemplate.update("UPDATE invoices SET memo = ? WHERE id = ?", request.getParameter("memo"), 7);
    }

    public void nightly(String table) throws Exception {
        // ruleid: java/sql-injection
        // ok: java/taint-sql-injection
        connection.createStatement().execute("TRUNCATE TABLE " + table);
    }
}

// A JDBC statement's `execute`, and input that is not a web request.
class LocalInputStore {
    void fromEnvironment(java.sql.Connection connection) throws Exception {
        String name = System.getenv("USER_NAME");
        java.sql.Statement sqlStatement = connection.createStatement();
        // ruleid: java/taint-sql-injection
        // ruleid: java/sql-injection
        sqlStatement.execute("update users set seen = 1 where name = '" + name + "'");
    }

    void fromProperties(java.sql.Connection connection, java.util.Properties properties) throws Exception {
        String table = properties.getProperty("table");
        java.sql.Statement statement = connection.createStatement();
        // ruleid: java/taint-sql-injection
        // ruleid: java/sql-injection
        statement.executeQuery("select * from " + table);
    }

    void bound(java.sql.Connection connection) throws Exception {
        String name = System.getenv("USER_NAME");
        java.sql.PreparedStatement statement = connection.prepareStatement("update users set seen = 1 where name = ?");
        statement.setString(1, name);
        // ok: java/taint-sql-injection
        statement.execute();
    }

    void executorsAreNotStatements(java.util.concurrent.Executor executor) {
        String name = System.getenv("USER_NAME");
        // ok: java/taint-sql-injection
        executor.execute(() -> System.out.println(name));
    }
}
