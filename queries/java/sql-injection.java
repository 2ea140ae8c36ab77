package com.acme.store.repo;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.persistence.EntityManager;

public class CustomerRepository {

    private static final String TABLE = "customers";
    private final Connection connection;
    private final EntityManager em;

    public CustomerRepository(Connection connection, EntityManager em) {
        this.connection = connection;
        this.em = em;
    }

    public ResultSet findByEmail(String email) throws SQLException {
        Statement stmt = connection.createStatement();
        // ruleid: java/sql-injection
        return stmt.executeQuery("SELECT id, name FROM customers WHERE email = '" + email + "'");
    }

    public void rename(long id, String name) throws SQLException {
        // ruleid: java/sql-injection
        String sql = String.format("UPDATE customers SET name = '%s' WHERE id = %d", name, id);
        connection.createStatement().executeUpdate(sql);
    }

    public Object findByUsername(String username) {
        // ruleid: java/sql-injection
        return em.createQuery("from Customer c where c.username = '" + username + "'").getSingleResult();
    }

    public ResultSet search(String filter, String sort) throws SQLException {
        String base = "SELECT id, name FROM customers WHERE active = 1";
        // ruleid: java/sql-injection
        return connection.createStatement().executeQuery(base + " AND region = '" + filter + "' ORDER BY " + sort);
    }

    public void purge(String tenant) throws SQLException {
        Statement stmt = connection.createStatement();
        // ruleid: java/sql-injection
        stmt.addBatch("DELETE FROM customers WHERE tenant = '" + tenant + "'");
        stmt.executeBatch();
    }

    // --- safe look-alikes ---
    public ResultSet findById(long id, int limit, String name) throws SQLException {
        // ok: java/sql-injection
        PreparedStatement ps = connection.prepareStatement("SELECT id, name FROM customers WHERE id = ?");
        ps.setLong(1, id);
        // ok: java/sql-injection
        String all = "SELECT id, name FROM " + TABLE + " WHERE deleted = 0";
        // ok: java/sql-injection
        String paged = String.format("SELECT id, name FROM customers LIMIT %d", limit);
        // ok: java/sql-injection
        System.out.println("Selecting customer " + name + " from cache");
        // ok: java/sql-injection
        String log = "Update of " + name + " failed";
        // ok: java/sql-injection
        String quoted = "SELECT id FROM " + connection.createStatement().enquoteIdentifier(name, true);
        // ok: java/sql-injection
        String multi = "SELECT id FROM customers " + "WHERE active = 1";
        return ps.executeQuery();
    }
}
