/**
 * The Chinese name of each input field, for messages people read: a refusal names the field
 * as the form does ("投标总价最多两位小数"), never by its API name ("totalPrice: …"), which stays
 * in the reply's `data.fields` for the forms and API clients.
 *
 * Names used by several routes with different meanings (name, reason, title…) carry the
 * general word; those routes' own messages already say the specific one (撤销理由不能为空).
 */
export const FIELD_LABELS: Record<string, string> = {
  // ids: the thing referred to
  id: '记录',
  ids: '通知',
  userid: '用户',
  roleId: '角色',
  powerId: '权限',
  powerIds: '权限',
  supplierId: '供应商',
  invitedSupplierIds: '受邀供应商',
  tenderId: '招标项目',
  bidId: '投标',
  announcementId: '公告',
  fileIds: '附件',
  documentIds: '招标文件',
  qualificationFileIds: '资质文件',
  file: '文件',
  superior: '上级权限',
  // paging and filters
  pageNum: '页码',
  pageSize: '每页条数',
  keyword: '关键词',
  from: '开始时间',
  to: '结束时间',
  unread: '未读',
  signedUp: '已报名',
  all: '全部',
  preview: '预览',
  // accounts
  username: '用户名',
  password: '密码',
  oldPassword: '原密码',
  confirmPassword: '确认密码',
  realName: '姓名',
  phone: '电话',
  email: '邮箱',
  status: '状态',
  roleName: '角色名称',
  token: '令牌',
  // powers, interfaces, dictionary
  type: '类型',
  title: '标题',
  powerUrl: '路由路径',
  code: '编码',
  icon: '图标',
  sort: '排序',
  hidden: '隐藏',
  name: '名称',
  url: '接口地址',
  method: '请求方法',
  open: '对所有用户开放',
  description: '描述',
  typeCode: '字典类型',
  value: '值',
  label: '标签',
  tagColor: '标签颜色',
  enabled: '启用',
  // suppliers
  companyName: '公司名称',
  creditCode: '统一社会信用代码',
  legalRepresentative: '法定代表人',
  registeredCapital: '注册资本',
  contactName: '联系人',
  address: '通讯地址',
  businessScope: '经营范围',
  categories: '供货类别',
  action: '审核操作',
  blacklistUntil: '拉黑截止时间',
  // tenders
  category: '设备类别',
  region: '地区',
  procurementMethod: '采购方式',
  mandatory: '依法必须招标',
  budget: '预算金额',
  priceCeiling: '最高投标限价',
  currency: '币种',
  bidDeadline: '投标截止时间',
  openingAt: '开标时间',
  docsFrom: '招标文件获取开始时间',
  docsUntil: '招标文件获取截止时间',
  bidValidityDays: '投标有效期',
  minBids: '最少有效投标数',
  sealMode: '密封方式',
  decryptionMinutes: '解密时长',
  confirmMinutes: '开标记录确认时长',
  contact: '联系人',
  contactPhone: '联系电话',
  // lots
  lots: '标段',
  lotId: '标段',
  lotIds: '标段',
  lotNo: '标段编号',
  bidBond: '投标保证金',
  quantity: '数量',
  maxLotsPerWinner: '每个投标人最多中标标段数',
  // evaluation
  evaluation: '评标设置',
  criteria: '评分项',
  criterionId: '评分项',
  maxScore: '评分项分值',
  memberId: '评标委员',
  representativeIds: '招标人代表',
  specialties: '专业',
  specialty: '专业',
  employer: '工作单位',
  employerCreditCode: '工作单位统一社会信用代码',
  years: '从业年限',
  suspendReason: '暂停原因',
  suspendUntil: '暂停截止日期',
  size: '评标委员会人数',
  standbys: '备选专家人数',
  chairExpertRank: '组长序号',
  noConflict: '无利害关系承诺',
  conflict: '回避理由',
  review: '评审结论',
  scores: '评分',
  score: '评分',
  ground: '理由',
  question: '澄清问题',
  answerBy: '答复期限',
  insufficient: '有效投标不足时的决定',
  dissent: '不同意理由',
  version: '报告版本',
  // questions, bid bonds and contracts
  questionsUntil: '答疑截止时间',
  bondForms: '保证金形式',
  form: '保证金形式',
  payerName: '付款单位',
  payerAccount: '付款账号',
  guaranteeNo: '保函/保单编号',
  issuer: '出具机构',
  validUntil: '有效期至',
  refundedAt: '退还日期',
  reference: '银行流水号',
  signedAt: '签订日期',
  amount: '金额',
  overdue: '是否逾期',
  state: '状态',
  // bids and the opening
  totalPrice: '投标总价',
  deliveryDays: '交货期',
  warrantyMonths: '质保期',
  remark: '备注',
  sealed: '投标密文',
  contentKey: '内容密钥',
  minutes: '延长时长',
  agree: '确认意见',
  objection: '异议内容',
  answer: '答复',
  // announcements and objections
  kind: '公告类型',
  content: '内容',
  reason: '理由',
  candidates: '中标候选人',
  rank: '排名',
  publicityStart: '公示开始时间',
  publicityEnd: '公示结束时间',
  purpose: '上传用途',
  // where a request went wrong as a whole
  body: '请求体',
  querystring: '查询参数',
  query: '查询参数',
};

/**
 * The label of a field path: its last segment that has one ("candidates.0.reason" → 理由,
 * "sealed.iv" → 投标密文).
 */
export function fieldLabel(path: string): string | undefined {
  const segments = path.split('.').filter((s) => s && !/^\d+$/.test(s));
  for (const segment of segments.reverse())
    if (Object.hasOwn(FIELD_LABELS, segment)) return FIELD_LABELS[segment];
  return undefined;
}

/**
 * A field the route does not accept: no form has it, so the message names it as the client
 * sent it, and no label goes before it (the label would be of a field the route does not have).
 */
export const unknownFieldMessage = (name: string) => `不允许的字段「${name}」（接口不接受此参数）`;
const UNKNOWN_FIELD = /^不允许的字段「/;

/**
 * A refusal as a person reads it: the message itself when it names the field (投标总价最多两位
 * 小数) or is about an unknown one, else prefixed with the field's Chinese name (备注：不能包含
 * 控制字符), never its API name.
 */
export function messageForPeople(field: string, message: string): string {
  const label = fieldLabel(field);
  return label && !message.includes(label) && !UNKNOWN_FIELD.test(message)
    ? `${label}：${message}`
    : message;
}
