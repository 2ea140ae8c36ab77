using Microsoft.AspNetCore.Builder;

public static class CorsSetup
{
    public static void Configure(IServiceCollection services)
    {
        services.AddCors(options =>
        {
            options.AddPolicy("open", policy =>
                // ruleid: csharp/cors-any-origin-with-credentials
                policy.SetIsOriginAllowed(origin => true).AllowAnyHeader().AllowCredentials());
            options.AddPolicy("partners", policy =>
                // ok: csharp/cors-any-origin-with-credentials
                policy.WithOrigins("https://app.example.com").AllowAnyHeader().AllowCredentials());
            options.AddPolicy("public", policy =>
                // ok: csharp/cors-any-origin-with-credentials
                policy.AllowAnyOrigin().AllowAnyMethod());
        });
    }

    public static void Builder(CorsPolicyBuilder builder)
    {
        // ruleid: csharp/cors-any-origin-with-credentials
        builder.SetIsOriginAllowed(_ => true).AllowCredentials();
    }
}
