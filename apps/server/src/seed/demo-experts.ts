import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { experts, roles, users } from '../db/schema/index.js';
import { hashPassword } from '../lib/password.js';
import { DEMO_SUPPLIERS } from './demo.js';

export const DEMO_EXPERT_PASSWORD = 'Expert@12345';

const bidder1 = DEMO_SUPPLIERS.find((s) => s.key === 'bidder1')!;

/**
 * 专家库 of the demo (EVALUATION.md, Demo data): seven experts across the equipment categories,
 * six of them in energy storage so that a demo committee of five with a standby can be drawn;
 * expert7 works for bidder1's company, so every draw on a tender bidder1 signed up for skips it.
 */
export const DEMO_EXPERTS = [
  {
    username: 'expert1',
    name: '吴国栋',
    employer: '中国电力科学研究院',
    title: '教授级高级工程师',
    years: 26,
    specialties: ['transformer', 'switchgear', 'energy_storage'],
  },
  {
    username: 'expert2',
    name: '李秀英',
    employer: '国网能源研究院',
    title: '高级工程师',
    years: 18,
    specialties: ['cable', 'energy_storage', 'inverter'],
  },
  {
    username: 'expert3',
    name: '陈志强',
    employer: '华北电力大学',
    title: '教授',
    years: 22,
    specialties: ['protection_relay', 'energy_storage', 'meter'],
  },
  {
    username: 'expert4',
    name: '刘芳',
    employer: '南方电网科学研究院',
    title: '高级工程师',
    years: 15,
    specialties: ['inverter', 'energy_storage', 'compact_substation'],
  },
  {
    username: 'expert5',
    name: '赵明',
    employer: '西安高压电器研究院',
    title: '高级工程师',
    years: 20,
    specialties: ['circuit_breaker', 'switchgear', 'energy_storage', 'instrument_transformer'],
  },
  {
    username: 'expert6',
    name: '孙丽',
    employer: '上海电器科学研究所',
    title: '高级工程师',
    years: 12,
    specialties: ['meter', 'transformer', 'energy_storage', 'cable'],
  },
  {
    username: 'expert7',
    name: '周海涛',
    employer: bidder1.companyName,
    employerCreditCode: bidder1.creditCode,
    title: '高级工程师',
    years: 16,
    specialties: ['energy_storage', 'transformer', 'inverter'],
  },
];

/** The demo experts' logins (role evaluation_expert) and profiles. */
export async function seedDemoExperts(tx: Tx) {
  const [role] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(eq(roles.roleName, 'evaluation_expert'));
  // One hash for the seven: they share the demo password, and argon2 is slow on purpose.
  const passwordHash = await hashPassword(DEMO_EXPERT_PASSWORD);
  for (const [index, expert] of DEMO_EXPERTS.entries()) {
    const [user] = await tx
      .insert(users)
      .values({
        username: expert.username,
        passwordHash,
        realName: expert.name,
        phone: `1370000000${index + 1}`,
        roleId: role!.id,
      })
      .returning({ id: users.id });
    await tx.insert(experts).values({
      userId: user!.id,
      name: expert.name,
      phone: `1370000000${index + 1}`,
      employer: expert.employer,
      employerCreditCode: expert.employerCreditCode ?? null,
      title: expert.title,
      years: expert.years,
      specialties: expert.specialties,
    });
  }
}
