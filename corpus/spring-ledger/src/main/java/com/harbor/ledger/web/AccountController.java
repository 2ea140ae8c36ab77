package com.harbor.ledger.web;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Account lookups and transaction listings for the ledger UI.
 */
@RestController
@RequestMapping("/api/accounts")
public class AccountController {

    private static final String ACCOUNT_COLUMNS = "SELECT id, number, owner_name, status, balance FROM accounts";
    private static final String TRANSACTION_COLUMNS = "SELECT id, posted_at, amount, currency, memo FROM transactions";

    /** Sort keys the export accepts, mapped to the columns they mean. */
    private static final Map<String, String> SORT_COLUMNS = Map.of(
        "date", "posted_at",
        "amount", "amount",
        "memo", "memo");

    private final JdbcTemplate jdbc;

    public AccountController(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** Free-text search box on the accounts page. */
    @GetMapping("/search")
    public List<Map<String, Object>> search(@RequestParam String owner,
                                            @RequestParam(defaultValue = "") String status) {
        String sql = ACCOUNT_COLUMNS + " WHERE closed = false";
        if (!status.isEmpty()) {
            sql += " AND status = '" + status.trim().toUpperCase(Locale.ROOT) + "'";
        }
        sql += " AND owner_name LIKE '%" + owner + "%'";
        return jdbc.queryForList(sql);
    }

    /** Exact owner lookup used by the reconciliation screen. */
    @GetMapping("/by-owner")
    public List<Map<String, Object>> byOwner(@RequestParam String owner,
                                             @RequestParam(defaultValue = "OPEN") String status) {
        String sql = ACCOUNT_COLUMNS + " WHERE owner_name = ? AND status = ?";
        return jdbc.queryForList(sql, owner.trim(), status.toUpperCase(Locale.ROOT));
    }

    @GetMapping("/{accountId}")
    public Map<String, Object> account(@PathVariable String accountId) {
        long id = Long.parseLong(accountId);
        return jdbc.queryForMap(ACCOUNT_COLUMNS + " WHERE id = " + id);
    }

    /** Transactions of one account; the grid passes the column it is sorted by. */
    @GetMapping("/{accountId}/transactions")
    public List<Map<String, Object>> transactions(@PathVariable String accountId,
                                                  @RequestParam(defaultValue = "posted_at") String sort,
                                                  @RequestParam(defaultValue = "asc") String direction) {
        StringBuilder sql = new StringBuilder(TRANSACTION_COLUMNS).append(" WHERE account_id = ?");
        sql.append(" ORDER BY ").append(sort);
        if ("desc".equalsIgnoreCase(direction)) {
            sql.append(" DESC");
        }
        return jdbc.queryForList(sql.toString(), Long.parseLong(accountId));
    }

    /** CSV export of the same list; only the documented sort keys are honoured. */
    @GetMapping("/{accountId}/transactions/export")
    public List<Map<String, Object>> export(@PathVariable String accountId,
                                            @RequestParam(defaultValue = "date") String sort) {
        String column = SORT_COLUMNS.getOrDefault(sort, "posted_at");
        String sql = TRANSACTION_COLUMNS + " WHERE account_id = ? ORDER BY " + column;
        return jdbc.queryForList(sql, Long.parseLong(accountId));
    }
}
