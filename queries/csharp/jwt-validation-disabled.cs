using Microsoft.IdentityModel.Tokens;

public static class Auth
{
    public static TokenValidationParameters Loose(SecurityKey key)
    {
        return new TokenValidationParameters
        {
            // ruleid: csharp/jwt-validation-disabled
            ValidateIssuerSigningKey = false,
            // ruleid: csharp/jwt-validation-disabled
            ValidateLifetime = false,
            // ok: csharp/jwt-validation-disabled
            ValidateAudience = false,
            IssuerSigningKey = key,
        };
    }

    public static TokenValidationParameters AnySignature()
    {
        var parameters = new TokenValidationParameters();
        // ruleid: csharp/jwt-validation-disabled
        parameters.SignatureValidator = (token, p) => new JwtSecurityToken(token);
        // ruleid: csharp/jwt-validation-disabled
        parameters.RequireSignedTokens = false;
        return parameters;
    }

    public static TokenValidationParameters Strict(SecurityKey key)
    {
        return new TokenValidationParameters
        {
            // ok: csharp/jwt-validation-disabled
            ValidateIssuerSigningKey = true,
            // ok: csharp/jwt-validation-disabled
            ValidateLifetime = true,
            IssuerSigningKey = key,
        };
    }
}
