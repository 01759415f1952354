import { useEffect } from 'react';
import { Alert, Button, Form } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { supplierApi, type Supplier } from '@tender/contracts';
import { parseForm, showServerFieldErrors } from '@/lib/form-errors';
import { CompanyFields, type CompanyFieldValues } from '@/components/CompanyFields';
import { FileUpload, type UploadedFileRef } from '@/components/FileUpload';
import { useUpdateMySupplier } from '../api/update-my-supplier';
import { useFeedback } from '@/lib/feedback';

interface CompanyValues extends CompanyFieldValues {
  qualificationFiles?: UploadedFileRef[];
}

/** Changing one of these sends an approved company back to review (the server's rule). */
const KEY_FIELDS = [
  ['companyName', '公司名称'],
  ['creditCode', '统一社会信用代码'],
  ['legalRepresentative', '法定代表人'],
] as const;

/** The upload holds the files; the contract sends their ids. */
const UPLOAD_FIELD = { qualificationFileIds: 'qualificationFiles' };

const valuesOf = (supplier: Supplier): CompanyValues => ({
  companyName: supplier.companyName,
  creditCode: supplier.creditCode,
  legalRepresentative: supplier.legalRepresentative,
  contactName: supplier.contactName,
  phone: supplier.phone,
  email: supplier.email,
  address: supplier.address ?? '',
  registeredCapital: supplier.registeredCapital ?? '',
  businessScope: supplier.businessScope ?? '',
  categories: supplier.categories,
  qualificationFiles: supplier.qualificationFiles.map(({ id, name, size }) => ({ id, name, size })),
});

/** The bidder's own company: every field and the qualification files, saved in one call. */
export function CompanyForm({ supplier }: { supplier: Supplier }) {
  const { message, modal } = useFeedback();
  const [form] = Form.useForm<CompanyValues>();
  const save = useUpdateMySupplier();

  useEffect(() => {
    form.setFieldsValue(valuesOf(supplier));
  }, [form, supplier]);

  const send = async (input: Parameters<typeof save.mutateAsync>[0]) => {
    try {
      const saved = await save.mutateAsync(input);
      message.success(
        saved.status === 'pending' && supplier.status === 'approved'
          ? '已保存，公司已重新提交审核'
          : '公司信息已保存',
      );
    } catch (error) {
      showServerFieldErrors(form, error, UPLOAD_FIELD);
    }
  };

  const submit = async (values: CompanyValues) => {
    const input = parseForm(
      form,
      supplierApi.updateMySupplierSchema,
      {
        ...values,
        qualificationFileIds: (values.qualificationFiles ?? []).map((file) => file.id),
      },
      UPLOAD_FIELD,
    );
    if (!input) return;
    const changed = KEY_FIELDS.filter(([field]) => input[field] !== supplier[field]);
    if (changed.length === 0 || supplier.status !== 'approved') return send(input);
    modal.confirm({
      title: '修改后需重新审核',
      content: `您修改了${changed.map(([, label]) => `「${label}」`).join('、')}，保存后公司将回到「待审核」状态，审核通过前不能报名或投标。确定保存吗？`,
      okText: '保存并重新审核',
      cancelText: '取消',
      onOk: () => send(input),
    });
  };

  return (
    <Form<CompanyValues>
      name="my-company"
      form={form}
      layout="vertical"
      onFinish={(values) => void submit(values)}
      aria-label="企业信息"
    >
      {supplier.status === 'approved' && (
        <Alert
          type="warning"
          showIcon
          title="修改公司名称、统一社会信用代码或法定代表人后，公司需重新审核，期间不能报名或投标。"
          style={{ marginBottom: 16 }}
        />
      )}
      <CompanyFields />
      <Form.Item
        name="qualificationFiles"
        label="资质文件"
        extra="营业执照、资质证书、授权书等，审核时招标方可查看下载"
      >
        <FileUpload drag />
      </Form.Item>
      <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending}>
        保存企业信息
      </Button>
    </Form>
  );
}
