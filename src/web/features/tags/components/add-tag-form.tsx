// Admin Profile: the "Add Tag" form, one required field "Tag" (SPEC.md §2). Success:
// "Successfully Tag added"; the server's refusal (e.g. a duplicate, 409) is shown in red.
import { useState } from 'react';
import { createTagInputSchema } from '#shared/schemas/tag.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Form, FormAlert, Input } from '#web/components/ui/form.tsx';
import { toast } from '#web/lib/toast.tsx';
import { useCreateTag } from '../api/create-tag.ts';

export function AddTagForm() {
  const createTag = useCreateTag();
  // A new key gives a fresh, empty form after a tag is added.
  const [formKey, setFormKey] = useState(0);
  return (
    <section aria-labelledby="add-tag-heading" className="card p-5">
      <h2 id="add-tag-heading" className="text-lg font-semibold tracking-tight">
        Add Tag
      </h2>
      <p className="mt-1 text-sm text-muted">Members pick one tag for each post they write.</p>
      <Form
        key={formKey}
        schema={createTagInputSchema}
        className="mt-4"
        options={{ defaultValues: { tag: '' } }}
        // A new try that fails the form's own rule replaces the server's last answer.
        onInvalid={() => createTag.reset()}
        onSubmit={(values) =>
          createTag.mutateAsync(values, {
            onSuccess: () => {
              toast.success('Successfully Tag added');
              setFormKey((key) => key + 1);
              createTag.reset();
            },
          })
        }
      >
        {({ register, formState: { errors } }) => (
          <>
            <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
              <Input
                label="Tag"
                // The fresh form after a tag is added takes the focus on its field (the old one held it).
                autoFocus={formKey > 0}
                autoComplete="off"
                placeholder="e.g. react"
                className="flex-1"
                hint="Letters and digits, with + # . - if needed; no spaces."
                registration={register('tag')}
                error={errors.tag}
              />
              <Button type="submit" className="sm:mt-7" isLoading={createTag.isPending}>
                Add Tag
              </Button>
            </div>
            {createTag.error && <FormAlert>{createTag.error.message}</FormAlert>}
          </>
        )}
      </Form>
    </section>
  );
}
