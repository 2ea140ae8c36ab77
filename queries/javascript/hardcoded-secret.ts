interface MailConfig {
  host: string;
  password: string;
}

// ruleid: javascript/hardcoded-secret
export const SMTP_PASSWORD: string = "mailer#2024pw";

export const mail: MailConfig = {
  host: 'smtp.example.org',
  // ruleid: javascript/hardcoded-secret
  password: 'Rq7!mailer-pass',
};

export function load(env: NodeJS.ProcessEnv): MailConfig {
  // ok: javascript/hardcoded-secret
  const password: string = env.SMTP_PASSWORD ?? '';
  // ok: javascript/hardcoded-secret
  const placeholder = { password: '<your-password>' };
  // ok: javascript/hardcoded-secret
  const type = { inputType: 'password' };
  return { host: mail.host, password: password || placeholder.password || type.inputType };
}
