import { type Admin, ConfigResourceTypes } from '@platformatic/kafka';

/** The topic's `cleanup.policy` values, lowercased: `['delete']`, `['compact']` or both. */
export async function cleanupPolicy(admin: Admin, topic: string): Promise<string[]> {
  const [described] = await admin.describeConfigs({
    resources: [
      { resourceType: ConfigResourceTypes.TOPIC, resourceName: topic, configurationKeys: ['cleanup.policy'] },
    ],
  });
  const value = described?.configs.find((c) => c.name === 'cleanup.policy')?.value ?? 'delete';
  return value
    .toLowerCase()
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
