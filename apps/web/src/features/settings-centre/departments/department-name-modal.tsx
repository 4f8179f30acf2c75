import { Form, Input, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { createDepartmentRequestSchema } from '@portal/shared/api/settings';
import { schemaRule } from '../../../lib/form-rule';
import { FormModal } from '../form-modal';
import { createDepartment, renameDepartment } from '../settings-api';
import { type DepartmentNode, departmentOptions } from './department-tree';

/** What the dialog does: a new department (optionally under `parentId`), or a new name for one. */
export type DepartmentEdit =
  { mode: 'create'; parentId: number | null } | { mode: 'rename'; department: DepartmentNode };

interface Values {
  name: string;
  parentId?: number | null;
}

export function DepartmentNameModal({
  edit,
  tree,
  onClose,
  onSaved,
}: {
  /** null while the dialog is closed. */
  edit: DepartmentEdit | null;
  tree: DepartmentNode[];
  onClose(): void;
  onSaved(message: string): void;
}) {
  const { t } = useTranslation();
  const renaming = edit?.mode === 'rename';

  async function submit({ name, parentId }: Values) {
    if (!edit) return;
    if (edit.mode === 'rename') {
      await renameDepartment({ id: edit.department.id, name });
      onSaved(t('settings.departments.renamed'));
    } else {
      await createDepartment({ name, ...(parentId ? { parentId } : {}) });
      onSaved(t('settings.departments.created'));
    }
  }

  return (
    <FormModal<Values>
      title={renaming ? t('settings.departments.renameTitle') : t('settings.departments.createTitle')}
      okText={renaming ? t('settings.save') : t('settings.departments.createSubmit')}
      open={edit !== null}
      initialValues={
        edit?.mode === 'rename' ? { name: edit.department.name } : { parentId: edit?.parentId ?? undefined }
      }
      onClose={onClose}
      onSubmit={submit}
    >
      <Form.Item
        name="name"
        label={t('settings.departments.name')}
        rules={[schemaRule(createDepartmentRequestSchema.shape.name)]}
        required
      >
        <Input autoComplete="off" placeholder={t('settings.departments.namePlaceholder')} />
      </Form.Item>
      {renaming ? null : (
        <Form.Item name="parentId" label={t('settings.departments.parent')}>
          <TreeSelect
            treeData={departmentOptions(tree)}
            treeDefaultExpandAll
            allowClear
            placeholder={t('settings.departments.topLevel')}
          />
        </Form.Item>
      )}
    </FormModal>
  );
}
