import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useLocation,
  useNavigation,
} from "@remix-run/react";
import { receiveProductUpload } from "~/api/product-upload.server";
import { IntentButton } from "~/components/intent-button";
import { Overlay } from "~/components/overlay";
import {
  imageRefused,
  ProductFailureAlert,
  ProductForm,
  type ProductFailure,
} from "~/components/product-form";
import { ProductImage } from "~/components/product-image";
import { formValues } from "~/lib/forms";
import { requireId } from "~/lib/ids";
import { passActionHeaders } from "~/lib/headers";
import { PRODUCT_MESSAGES } from "~/lib/messages";
import { overlayHref } from "~/lib/overlays";
import {
  retireOrDeleteProduct,
  updateProductFromInput,
} from "~/models/catalogue/product-admin.server";
import { PRODUCT_FORM_LIMITS, productFormValues } from "~/models/catalogue/product-form.server";
import { getProduct } from "~/models/catalogue/product.server";
import { requireStaff } from "~/models/staff/staff-auth.server";
import { redirectWithFlash } from "~/services/flash.server";
import { titled } from "~/lib/page-title";

export const headers = passActionHeaders;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request);
  const product = await getProduct(requireId(params.id, "Product not found"));
  if (!product) throw new Response("Product not found", { status: 404 });
  return { product, values: productFormValues(product), limits: PRODUCT_FORM_LIMITS };
}

/** The grid page the staff member came from, kept across the redirect. */
function gridUrl(request: Request): string {
  const page = new URL(request.url).searchParams.get("page");
  return page && /^\d{1,6}$/.test(page)
    ? `/dashboard/products?page=${page}`
    : "/dashboard/products";
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireStaff(request);
  const id = requireId(params.id, "Product not found");
  const fail = (status: number, body: ProductFailure, headers?: HeadersInit) =>
    Response.json(body, { status, headers });

  // Delete is a plain form; Save is multipart (it may carry a new image).
  if (!(request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
    const values = formValues(await request.formData());
    if (values.intent !== "delete")
      return fail(400, { message: "Unknown action", errors: {}, values: {} });
    try {
      const result = await retireOrDeleteProduct(id);
      if (!result)
        return fail(404, { message: PRODUCT_MESSAGES.deleteFailed, errors: {}, values: {} });
      return redirectWithFlash(
        gridUrl(request),
        "products",
        result.outcome === "retired"
          ? `${PRODUCT_MESSAGES.deleted}: “${result.name}” has left the shop. Past orders that include it keep their copy.`
          : `${PRODUCT_MESSAGES.deleted}: “${result.name}” has left the shop.`,
      );
    } catch (error) {
      console.error("delete product failed", error);
      return fail(500, { message: PRODUCT_MESSAGES.deleteFailed, errors: {}, values: {} });
    }
  }

  const upload = await receiveProductUpload(request);
  if (!upload.ok) return fail(upload.status, imageRefused(upload.message));
  const values = formValues(upload.fields);
  try {
    const result = await updateProductFromInput(id, values, upload.files);
    if (!result.ok)
      return fail(result.status, { message: result.message, errors: result.errors, values });
    return redirectWithFlash(
      gridUrl(request),
      "products",
      `Changes to “${result.product.name}” saved.`,
    );
  } catch (error) {
    console.error("update product failed", error);
    return fail(500, { message: PRODUCT_MESSAGES.failed, errors: {}, values });
  }
}

export default function EditProduct() {
  const { product, values, limits } = useLoaderData<typeof loader>();
  const failed = useActionData<ProductFailure>();
  const location = useLocation();
  const navigation = useNavigation();
  const params = new URLSearchParams(location.search);
  const confirming = params.get("delete") === "confirm";
  params.delete("delete");
  const search = params.toString() ? `?${params}` : "";
  const self = `/dashboard/products/${product.id}${search}`;
  const grid = `/dashboard/products${search}`;
  const alert = <ProductFailureAlert failed={failed} />;

  if (confirming) {
    const deleting =
      navigation.state === "submitting" && navigation.formData?.get("intent") === "delete";
    return (
      <Overlay title={`Delete ${product.name}?`} closeTo={self}>
        {alert}
        <p>
          “{product.name}” leaves the shop at once. If it appears in any order it is kept for that
          order’s record (name, price and picture as bought); otherwise it is erased. This cannot be
          undone.
        </p>
        <Form method="post" action={self} className="quote-actions">
          <IntentButton
            intent="delete"
            className="button button-danger"
            busy={deleting}
            busyLabel="Submitting..."
          >
            Delete product
          </IntentButton>
          <Link to={self} className="button button-light" preventScrollReset replace>
            Keep it
          </Link>
        </Form>
      </Overlay>
    );
  }

  return (
    <Overlay title={`Edit ${product.name}`} closeTo={grid}>
      {alert}
      <ProductForm
        action={self}
        values={failed?.values && Object.keys(failed.values).length ? failed.values : values}
        errors={failed?.errors ?? {}}
        limits={limits}
        submitting={
          navigation.state === "submitting" &&
          navigation.formEncType === "multipart/form-data" &&
          navigation.formAction?.startsWith(`/dashboard/products/${product.id}`) === true
        }
        submitLabel="Save changes"
        imageRequired={false}
        reselect={Boolean(failed?.errors.image)}
        currentImage={
          <ProductImage
            image={product.image}
            sizes="96px"
            alt={`${product.name} now`}
            eager
            className="product-form-current"
          />
        }
      >
        <Link
          to={overlayHref(location, "delete", "confirm")}
          className="button button-light product-form-delete"
          preventScrollReset
        >
          Delete
        </Link>
      </ProductForm>
    </Overlay>
  );
}

export const meta = titled("Edit Product", "dashboard");

export { ErrorBoundary } from "~/components/error-boundary";
