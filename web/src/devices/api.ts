/** The calls of devices, pairing and passkeys (in this chunk, so the game page does not carry them). */
import { auth, request } from "../api";

export const identityApi = {
  devices: () => request("get", "/api/me/devices", { headers: auth() }),
  revoke: (did: string) => request("delete", "/api/me/devices/{did}", { params: { path: { did } }, headers: auth() }),
  newPairing: () => request("post", "/api/me/pairings", { headers: auth() }),
  redeem: (code: string, deviceName: string) =>
    request("post", "/api/pairings/redeem", { body: { code, deviceName }, headers: auth(null) }),
  passkeys: () => request("get", "/api/me/passkeys", { headers: auth() }),
  passkeyOptions: () => request("post", "/api/me/passkeys/options", { headers: auth() }),
  addPasskey: (response: unknown, name: string) =>
    // biome-ignore lint/suspicious/noExplicitAny: the browser's answer, checked by the server
    request("post", "/api/me/passkeys", { body: { response: response as any, name }, headers: auth() }),
  removePasskey: (pid: string) =>
    request("delete", "/api/me/passkeys/{pid}", { params: { path: { pid } }, headers: auth() }),
  chatLink: (code: string) =>
    request("get", "/api/chat/links/{code}", { params: { path: { code } }, headers: auth(null) }),
  /** Signed in (token): link to this profile; else a new profile, this browser signed in to it. */
  useChatLink: (code: string, deviceName: string, token: string | null) =>
    request("post", "/api/chat/links/{code}", {
      params: { path: { code } },
      body: token ? {} : { deviceName },
      headers: auth(token),
    }),
  signInOptions: () => request("post", "/api/passkeys/options", { headers: auth(null) }),
  signIn: (response: unknown, deviceName: string) =>
    // biome-ignore lint/suspicious/noExplicitAny: the browser's answer, checked by the server
    request("post", "/api/passkeys/signin", { body: { response: response as any, deviceName }, headers: auth(null) }),
};
