/** Custom DNS for AWS clusters (operations 35, 36). */
import { z } from "zod";
import { apiPath } from "./request";
import { entity } from "./schemas";
import type { Transport } from "./transport";

export const CustomDnsSchema = entity({ enabled: z.boolean() });
export type CustomDns = z.infer<typeof CustomDnsSchema>;

export function customDnsApi(t: Transport) {
  return {
    /** 35 */
    get: (groupId: string) =>
      t.call(
        {
          id: "35",
          operation: "Reading custom DNS configuration",
          method: "GET",
          path: apiPath`/groups/${groupId}/awsCustomDNS`,
        },
        CustomDnsSchema,
      ),
    /** 36 */
    update: (groupId: string, body: { enabled: boolean }) =>
      t.call(
        {
          id: "36",
          operation: "Updating custom DNS configuration",
          method: "PATCH",
          path: apiPath`/groups/${groupId}/awsCustomDNS`,
          body,
        },
        CustomDnsSchema,
      ),
  };
}
export type CustomDnsApi = ReturnType<typeof customDnsApi>;
