/** What several resources' routes share: the 12-character id in their paths. */
import { z } from "@hono/zod-openapi";

export const IdParam = z.object({
  id: z
    .string()
    .regex(/^[0-9a-z]{12}$/, "ids are 12 lower-case base-32 characters")
    .openapi({ param: { name: "id", in: "path" }, example: "k3x9m2p7q4rt" }),
});
