import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { createDepartmentRequestSchema } from '@portal/shared/api/settings';
import { FormModal } from '../../../components/form-modal';
import type { FieldErrors } from '../../../lib/field-errors';
import { schemaRule } from '../../../lib/form-rule';
import { useCreateDepartment, useRenameDepartment } from '../settings-api';
import { DepartmentSelect } from './department-select';
import type { DepartmentNode } from './department-tree';

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
  const create = useCreateDepartment();
  const rename = useRenameDepartment();

  function submit({ name, parentId }: Values, underFields: FieldErrors<keyof Values>) {
    const options = { onError: underFields() };
    if (edit?.mode === 'rename') {
      rename.mutate(
        { body: { id: edit.department.id, name }, options },
        { onSuccess: () => onSaved(t('settings.departments.renamed')) },
      );
    } else if (edit) {
      create.mutate(
        { body: { name, ...(parentId ? { parentId } : {}) }, options },
        { onSuccess: () => onSaved(t('settings.departments.created')) },
      );
    }
  }

  return (
    <FormModal<Values>
      title={renaming ? t('settings.departments.renameTitle') : t('settings.departments.createTitle')}
      name="department"
      okText={renaming ? t('settings.save') : t('settings.departments.createSubmit')}
      open={edit !== null}
      busy={create.isPending || rename.isPending}
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
          <DepartmentSelect tree={tree} emptyLabel={t('settings.departments.topLevel')} />
        </Form.Item>
      )}
    </FormModal>
  );
}
