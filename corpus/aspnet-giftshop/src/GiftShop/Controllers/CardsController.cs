using System.Data.SqlClient;
using Dapper;
using Microsoft.AspNetCore.Mvc;

namespace GiftShop.Controllers;

public class CardsController : Controller
{
    private static readonly Dictionary<string, string> SORT_COLUMNS = new()
    {
        ["value"] = "FaceValue",
        ["issued"] = "IssuedAt",
    };

    private readonly SqlConnection connection;
    private readonly CardService cards;

    public CardsController(SqlConnection connection, CardService cards)
    {
        this.connection = connection;
        this.cards = cards;
    }

    public IActionResult Search(string holder, string sort)
    {
        var column = SORT_COLUMNS.GetValueOrDefault(sort ?? "value", "FaceValue");
        var sql = "SELECT Code, FaceValue FROM Cards WHERE Holder LIKE '%" + holder.Trim() + "%' ORDER BY " + SORT_COLUMNS["value"];
        using var command = new SqlCommand(sql, connection);
        return View(command.ExecuteReader());
    }

    public IActionResult Sorted(string holder, string sort)
    {
        var column = SORT_COLUMNS[sort];
        using var command = new SqlCommand("SELECT Code FROM Cards WHERE Holder = @holder ORDER BY " + column, connection);
        command.Parameters.AddWithValue("@holder", holder);
        return View(command.ExecuteReader());
    }

    public IActionResult Batch(int batch)
    {
        var rows = connection.Query<Card>("SELECT * FROM Cards WHERE Batch = " + batch);
        return View(rows);
    }

    public IActionResult ByCampaign()
    {
        string campaign = Request.Query["campaign"];
        var rows = connection.Query<Card>($"SELECT * FROM Cards WHERE Campaign = '{campaign}'");
        return View(rows);
    }

    public IActionResult Redeem([FromForm] string code)
    {
        var card = cards.FindByCode(code);
        if (card == null)
        {
            return NotFound();
        }
        return Content("<p>Card " + code + " redeemed for " + card.FaceValue + "</p>", "text/html");
    }

    public IActionResult Balance([FromForm] string code)
    {
        var safe = System.Net.WebUtility.HtmlEncode(code);
        return Content("<p>Balance of " + safe + "</p>", "text/html");
    }
}
