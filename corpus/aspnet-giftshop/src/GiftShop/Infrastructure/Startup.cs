using Microsoft.IdentityModel.Tokens;

namespace GiftShop.Infrastructure;

public static class Startup
{
    public static void AddGiftShop(this IServiceCollection services, SecurityKey signingKey)
    {
        services.AddCors(options =>
        {
            options.AddPolicy("widgets", policy =>
                policy.SetIsOriginAllowed(origin => true).AllowAnyHeader().AllowCredentials());
            options.AddPolicy("backoffice", policy =>
                policy.WithOrigins("https://backoffice.giftshop.example").AllowCredentials());
        });
        services.AddAuthentication().AddJwtBearer(options =>
        {
            options.TokenValidationParameters = new TokenValidationParameters
            {
                ValidateIssuerSigningKey = true,
                IssuerSigningKey = signingKey,
                ValidateLifetime = false,
                ValidateAudience = false,
            };
        });
    }
}
