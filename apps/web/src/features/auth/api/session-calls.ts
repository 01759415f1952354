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
