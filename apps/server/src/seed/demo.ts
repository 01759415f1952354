import { creditCodeCheckChar } from '@tender/contracts';

const creditCode = (first17: string) => first17 + creditCodeCheckChar(first17);

export const DEMO_PASSWORDS = {
  admin: 'Admin@12345',
  manager: 'Manager@12345',
  bidder: 'Bidder@12345',
  finance: 'Finance@12345',
};

export const DEMO_SUPPLIERS = [
  {
    key: 'bidder1',
    companyName: '华能电气设备有限公司',
    creditCode: creditCode('91110000MA01A2B3C'),
    legalRepresentative: '王建国',
    contactName: '李明',
    phone: '13800000001',
    email: 'sales@huaneng-electric.example.cn',
    address: '北京市海淀区中关村南大街 18 号',
    categories: ['transformer', 'switchgear'],
    status: 'approved' as const,
  },
  {
    key: 'bidder2',
    companyName: '江南电缆集团股份有限公司',
    creditCode: creditCode('91320500MA1N2P3Q4'),
    legalRepresentative: '陈志强',
    contactName: '周婷',
    phone: '13800000002',
    email: 'bid@jiangnan-cable.example.cn',
    address: '江苏省苏州市工业园区星湖街 328 号',
    categories: ['cable'],
    status: 'approved' as const,
  },
  {
    key: 'bidder3',
    companyName: '南方智能电网科技有限公司',
    creditCode: creditCode('91440300MA5D6E7F8'),
    legalRepresentative: '刘洋',
    contactName: '黄磊',
    phone: '13800000003',
    email: 'tender@southgrid-tech.example.cn',
    address: '广东省深圳市南山区科技园南区 6 栋',
    categories: ['meter', 'protection_relay', 'inverter'],
    status: 'approved' as const,
  },
  {
    key: 'bidder4',
    companyName: '西部新能源装备有限公司',
    creditCode: creditCode('91510100MA6G7H8J9'),
    legalRepresentative: '赵刚',
    contactName: '孙悦',
    phone: '13800000004',
    email: 'contact@west-newenergy.example.cn',
    address: '四川省成都市高新区天府大道 1000 号',
    categories: ['inverter', 'energy_storage'],
    status: 'pending' as const,
  },
];

export const DEMO_USERS = [
  {
    username: 'admin',
    realName: '系统管理员',
    roleName: 'admin',
    password: DEMO_PASSWORDS.admin,
    email: 'admin@example.cn',
  },
  {
    username: 'manager',
    realName: '张采购',
    roleName: 'tender_manager',
    password: DEMO_PASSWORDS.manager,
    phone: '13900000000',
  },
  ...DEMO_SUPPLIERS.map((s, i) => ({
    username: s.key,
    realName: s.contactName,
    roleName: 'bidder',
    password: DEMO_PASSWORDS.bidder,
    phone: s.phone,
    email: s.email,
    supplier: s.companyName,
    index: i,
  })),
  // After the bidders, so their ids stay 3…6 as they were before finance existed.
  {
    username: 'finance',
    realName: '刘会计',
    roleName: 'finance',
    password: DEMO_PASSWORDS.finance,
    phone: '13900000001',
  },
];
