using System.Data.SqlClient;
using Dapper;
using Microsoft.AspNetCore.Mvc;
using Microsoft.EntityFrameworkCore;

public class ProductsController : Controller
{
    private readonly ShopContext _db;
    private readonly SqlConnection connection;
    private static readonly Dictionary<string, string> SORT_COLUMNS = new() { ["name"] = "Name" };

    public IActionResult Search(string q)
    {
        var sql = "SELECT * FROM Products WHERE Name LIKE '%" + q + "%'";
        // ruleid: csharp/taint-sql-injection
        using var cmd = new SqlCommand(sql, connection);
        return View(cmd.ExecuteReader());
    }

    public IActionResult ByCategory()
    {
        string category = Request.Query["category"];
        var cmd = connection.CreateCommand();
        // ruleid: csharp/taint-sql-injection
        cmd.CommandText = $"SELECT * FROM Products WHERE Category = '{category}'";
        return View(cmd.ExecuteReader());
    }

    public IActionResult Raw([FromForm] string filter)
    {
        // ruleid: csharp/taint-sql-injection
        var rows = _db.Products.FromSqlRaw("SELECT * FROM Products WHERE " + filter).ToList();
        return View(rows);
    }

    public IActionResult Dapper(string owner)
    {
        // ruleid: csharp/taint-sql-injection
        var rows = connection.Query<Product>("SELECT * FROM Products WHERE Owner = '" + owner + "'");
        return View(rows);
    }

    public IActionResult Initializer(string name)
    {
        // ruleid: csharp/taint-sql-injection
        var cmd = new SqlCommand { CommandText = "DELETE FROM Carts WHERE Name = '" + name + "'", Connection = connection };
        return Ok(cmd.ExecuteNonQuery());
    }

    public IActionResult Bound(string q)
    {
        // ok: csharp/taint-sql-injection
        var cmd = new SqlCommand("SELECT * FROM Products WHERE Name = @name", connection);
        cmd.Parameters.AddWithValue("@name", q);
        return View(cmd.ExecuteReader());
    }

    public IActionResult Interpolated(string q)
    {
        // ok: csharp/taint-sql-injection
        var rows = _db.Products.FromSqlInterpolated($"SELECT * FROM Products WHERE Name = {q}").ToList();
        // ok: csharp/taint-sql-injection
        var more = connection.Query<Product>("SELECT * FROM Products WHERE Name = @q", new { q });
        return View(rows.Concat(more));
    }

    public IActionResult Page(int page, Guid tenant)
    {
        // ok: csharp/taint-sql-injection
        var cmd = new SqlCommand("SELECT * FROM Products ORDER BY Id OFFSET " + page * 20 + " ROWS WHERE Tenant = '" + tenant + "'", connection);
        return View(cmd.ExecuteReader());
    }

    public IActionResult Sorted(string sort)
    {
        var column = SORT_COLUMNS[sort];
        var size = int.Parse(Request.Query["size"]);
        // ok: csharp/taint-sql-injection
        var cmd = new SqlCommand("SELECT TOP " + size + " * FROM Products ORDER BY " + column, connection);
        return View(cmd.ExecuteReader());
    }

    private void Helper(string sql)
    {
        // ok: csharp/taint-sql-injection
        var cmd = new SqlCommand(sql, connection);
        cmd.ExecuteNonQuery();
    }
}

public class Importer
{
    public void Run(SqlConnection connection)
    {
        var table = Console.ReadLine();
        // ruleid: csharp/taint-sql-injection
        new SqlCommand("TRUNCATE TABLE " + table, connection).ExecuteNonQuery();
    }
}

public class ReportsController : Controller
{
    private string filter;
    private string order = "Id";
    private readonly SqlConnection connection;

    public IActionResult Prepare(string q)
    {
        this.filter = q;
        return Run();
    }

    private IActionResult Run()
    {
        // ruleid: csharp/taint-sql-injection
        var cmd = new SqlCommand("SELECT * FROM Reports WHERE " + filter + " ORDER BY " + order, connection);
        return View(cmd.ExecuteReader());
    }

    private IActionResult Sorted()
    {
        // ok: csharp/taint-sql-injection
        var cmd = new SqlCommand("SELECT * FROM Reports ORDER BY " + this.order, connection);
        return View(cmd.ExecuteReader());
    }
}
