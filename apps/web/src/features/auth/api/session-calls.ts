import { authRoutes } from '@tender/contracts/browser';
import { request } from '@/lib/request';
import { setToken } from '@/lib/auth-storage';

/** Logs in and keeps the token in session storage (the username is trimmed by the schema too). */
export async function login(username: string, password: string) {
  const credentials = { username: username.trim(), password };
  const token = await request(authRoutes.login, credentials);
  setToken(token);
  return token;
}

/** Tells the server to revoke the token; the client leaves whatever it answers. */
export async function logout() {
  try {
    await request(authRoutes.logout, undefined, { quiet: true, confirmLogout: false });
  } catch {
    // An expired or revoked token is already logged out on the server.
  }
}
