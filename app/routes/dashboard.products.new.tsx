import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { receiveProductUpload } from "~/api/product-upload.server";
import { Overlay } from "~/components/overlay";
import {
  imageRefused,
  ProductFailureAlert,
  ProductForm,
  type ProductFailure,
} from "~/components/product-form";
import { formValues } from "~/lib/forms";
import { passActionHeaders } from "~/lib/headers";
import { PRODUCT_MESSAGES } from "~/lib/messages";
import { createProductFromInput } from "~/models/catalogue/product-admin.server";
import { PRODUCT_FORM_LIMITS } from "~/models/catalogue/product-form.server";
import { requireStaff } from "~/models/staff/staff-auth.server";
import { redirectWithFlash } from "~/services/flash.server";
import { titled } from "~/lib/page-title";

export const headers = passActionHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  return { limits: PRODUCT_FORM_LIMITS };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireStaff(request);
  const upload = await receiveProductUpload(request);
  if (!upload.ok) return Response.json(imageRefused(upload.message), { status: upload.status });
  const values = formValues(upload.fields);
  try {
    const result = await createProductFromInput(values, upload.files);
    if (!result.ok)
      return Response.json(
        { message: result.message, errors: result.errors, values } satisfies ProductFailure,
        { status: result.status },
      );
    return redirectWithFlash("/dashboard/products", "products", PRODUCT_MESSAGES.added);
  } catch (error) {
    console.error("create product failed", error);
    return Response.json(
      { message: PRODUCT_MESSAGES.failed, errors: {}, values } satisfies ProductFailure,
      { status: 500 },
    );
  }
}

export default function NewProduct() {
  const failed = useActionData<ProductFailure>();
  const location = useLocation();
  const navigation = useNavigation();
  const { limits } = useLoaderData<typeof loader>();
  const closeTo = `/dashboard/products${location.search}`;
  return (
    <Overlay title="Create Product" closeTo={closeTo}>
      <ProductFailureAlert failed={failed} />
      <ProductForm
        action={`/dashboard/products/new${location.search}`}
        values={failed?.values ?? {}}
        errors={failed?.errors ?? {}}
        limits={limits}
        submitting={
          navigation.state === "submitting" &&
          navigation.formAction?.startsWith("/dashboard/products/new") === true
        }
        submitLabel="Add product"
        imageRequired
        reselect={Boolean(failed)}
      />
    </Overlay>
  );
}

export const meta = titled("Create Product", "dashboard");
