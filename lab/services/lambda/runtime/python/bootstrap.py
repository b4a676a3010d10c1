"""The lab's Python runtime loop: one process per execution environment, as Lambda's runtime
interface client runs one. It imports the handler (INIT), then takes each invocation from Lambda's
runtime API (AWS_LAMBDA_RUNTIME_API, served by its environment: runtime-api.cjs) and posts the
result, or the error document Lambda's Python runtime makes. What it prints goes to the
environment's log socket (LAB_PYTHON_LOG_SOCKET) as it is, and each post to the runtime API
carries the mark of the output written before it (Lab-Log-Sync); the root logger writes Lambda's format (text: "[LEVEL]\\ttime\\trequestId\\tmessage"; JSON when
AWS_LAMBDA_LOG_FORMAT is JSON). As for a Node.js function (loopback-only.ts), the function's
network calls stay on this machine: a name or address off loopback is refused before it is
looked up or connected to."""
import decimal
import http.client
import importlib
import io
import ipaddress
import json
import logging
import os
import socket
import sys
import threading
import time
import traceback

log_channel = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
log_channel.connect(os.environ.pop("LAB_PYTHON_LOG_SOCKET"))
results = log_channel.makefile("w", encoding="utf-8", buffering=1)
runtime_api = http.client.HTTPConnection(os.environ["AWS_LAMBDA_RUNTIME_API"])


def is_loopback(host):
    name = str(host).lower().strip("[]").rstrip(".")
    if name in ("localhost", "::1") or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def off_loopback(host):
    return socket.gaierror(socket.EAI_NONAME, "the lab keeps a function's network calls on this machine: %s is not "
                           "the lab, and is not looked up (boto3's calls go to the lab's endpoint, "
                           "AWS_ENDPOINT_URL)" % host)


def keep_on_loopback():
    lookup = socket.getaddrinfo

    def getaddrinfo(host, *rest, **named):
        if host is not None and not is_loopback(host.decode() if isinstance(host, bytes) else host):
            raise off_loopback(host)
        return lookup(host, *rest, **named)

    socket.getaddrinfo = getaddrinfo
    for method in ("connect", "connect_ex"):
        original = getattr(socket.socket, method)

        def guarded(self, address, _original=original):
            if self.family in (socket.AF_INET, socket.AF_INET6) and not is_loopback(address[0]):
                raise off_loopback(address[0])
            return _original(self, address)

        setattr(socket.socket, method, guarded)


keep_on_loopback()


send_lock = threading.Lock()


def send(document):
    """One JSON line on the log channel; every thread's writes keep their order."""
    line = json.dumps(document, default=number, ensure_ascii=False) + "\n"
    with send_lock:
        results.write(line)
        results.flush()


class BridgeStream(io.TextIOBase):
    """stdout and stderr as Lambda's Python runtime sets them up, unbuffered: each write reaches the
    function's log at once (what a handler printed before a timeout is not lost in a buffer), and
    on the same channel as the invocation's answer, so it is logged before the invocation ends.
    Writes below Python (a C library, a subprocess) go to the process's own stdout and stderr,
    which the lab logs as well."""

    def __init__(self, name, original):
        super().__init__()
        self._name = name
        self._original = original

    def write(self, text):
        if text:
            send({"log": self._name, "text": text})
        return len(text)

    def writable(self):
        return True

    def isatty(self):
        return False

    def fileno(self):
        return self._original.fileno()

    @property
    def encoding(self):
        return "utf-8"


sys.stdout = BridgeStream("stdout", sys.stdout)
sys.stderr = BridgeStream("stderr", sys.stderr)
request_id = None
json_format = os.environ.get("AWS_LAMBDA_LOG_FORMAT", "").upper() == "JSON"
NO_BREAK_SPACE = "\u00a0"
# The record attributes logging itself sets; any other attribute (a logger's `extra`) is a JSON field.
RECORD_FIELDS = set(vars(logging.LogRecord("", 0, "", 0, "", (), None))) | {"message", "asctime", "aws_request_id"}


def timestamp(created):
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(created)) + ".%03dZ" % (created % 1 * 1000)


class LambdaFormatter(logging.Formatter):
    """The root logger's format in Lambda's Python runtime: "[LEVEL]\\ttime\\trequestId\\tmessage", or
    one JSON object (timestamp, level, message, logger, requestId, the exception's errorType,
    errorMessage, stackTrace and location, and the record's extra fields) with LogFormat JSON."""

    def format(self, record):
        if json_format:
            level = min(50, max(0, record.levelno)) // 10 * 10
            document = {"timestamp": timestamp(record.created), "level": logging.getLevelName(level),
                        "message": record.getMessage(), "logger": record.name}
            if record.exc_info:
                document |= {"stackTrace": traceback.format_tb(record.exc_info[2]),
                             "errorType": record.exc_info[0].__name__, "errorMessage": str(record.exc_info[1]),
                             "location": "%s:%s:%s" % (record.pathname, record.funcName, record.lineno)}
            document["requestId"] = request_id or ""
            for key, value in vars(record).items():
                if key not in RECORD_FIELDS and key not in document and not key.startswith("_"):
                    document[key] = value
            return json.dumps({key: value for key, value in document.items() if value is not None},
                              ensure_ascii=False, default=str)
        message = record.getMessage()
        if record.exc_info:
            message += "\n" + self.formatException(record.exc_info)
        # One log event per record, as Lambda writes it: its newlines become carriage returns.
        return ("[%s]\t%s\t%s\t%s" % (record.levelname, timestamp(record.created), request_id or "", message)
                ).replace("\n", "\r")


root = logging.getLogger()
stream = logging.StreamHandler(sys.stdout)
stream.setFormatter(LambdaFormatter())
root.handlers = [stream]
# The application log level (LoggingConfig.ApplicationLogLevel) when set, TRACE being DEBUG;
# else Python's default, WARNING.
level = os.environ.get("AWS_LAMBDA_LOG_LEVEL", "").upper().replace("TRACE", "DEBUG")
root.setLevel(level if isinstance(logging.getLevelName(level), int) else logging.WARNING)


def user_frames(error):
    """The traceback's lines from the handler's own code on (this loop's frames left out)."""
    frames = traceback.extract_tb(error.__traceback__)
    while frames and frames[0].filename == __file__:
        frames = traceback.StackSummary.from_list(frames[1:])
    return traceback.format_list(frames)


def error_document(message, error_type, stack_trace):
    return {"errorMessage": message, "errorType": error_type, "requestId": request_id or "", "stackTrace": stack_trace}


def log_error(document):
    """Lambda's Python runtime's line for a failed invocation or INIT: one event either way."""
    if json_format:
        print(json.dumps({"timestamp": timestamp(time.time()), "level": "ERROR", **document}, ensure_ascii=False),
              flush=True)
        return
    head = "[ERROR] " + document["errorType"] + (": " + document["errorMessage"] if document["errorMessage"] else "")
    lines = [head, "Traceback (most recent call last):"]
    for element in document["stackTrace"]:
        for line in element.splitlines():
            stripped = line.lstrip(" ")
            lines.append(NO_BREAK_SPACE * (len(line) - len(stripped)) + stripped)
    print("\r".join(lines), flush=True)


def number(value):
    # DynamoDB's numbers reach Python as Decimal; Lambda's runtime writes them as JSON numbers.
    if isinstance(value, decimal.Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    raise TypeError("Object of type %s is not JSON serializable" % type(value).__name__)


marks = 0


def post(path, document, error_type=None):
    """A post to the runtime API, after the mark of everything printed so far."""
    global marks
    marks += 1
    send({"sync": marks})
    body = json.dumps(document, default=number, ensure_ascii=False).encode("utf-8")
    headers = {"Content-Type": "application/json", "Lab-Log-Sync": str(marks)}
    if error_type is not None:
        headers["Lambda-Runtime-Function-Error-Type"] = error_type
    runtime_api.request("POST", "/2018-06-01/runtime" + path, body, headers)
    runtime_api.getresponse().read()


def fail_init(document):
    root.warning(UNHANDLED_WARNING)
    log_error(document)
    post("/init/error", document, document["errorType"])
    sys.exit(1)


UNHANDLED_WARNING = (
    "LAMBDA_WARNING: Unhandled exception. The most likely cause is an issue in the function code. However, in rare "
    "cases, a Lambda runtime update can cause unexpected function behavior. For functions using managed runtimes, "
    "runtime updates can be triggered by a function change, or can be applied automatically. To determine if the "
    "runtime has been updated, check the runtime version in the INIT_START log entry. If this error correlates with "
    "a change in the runtime version, you may be able to mitigate this error by temporarily rolling back to the "
    "previous runtime version. For more information, see "
    "https://docs.aws.amazon.com/lambda/latest/dg/runtimes-update.html")

handler_setting = os.environ.get("_HANDLER", "lambda_function.lambda_handler")
module_name, dot, function_name = handler_setting.rpartition(".")
sys.path.insert(0, os.environ["LAMBDA_TASK_ROOT"])
if not dot:
    fail_init(error_document("Bad handler '%s': not enough values to unpack (expected 2, got 1)" % handler_setting,
                             "Runtime.MalformedHandlerName", []))
if module_name.split(".")[0] in sys.builtin_module_names:
    fail_init(error_document("Cannot use built-in module %s as a handler module" % module_name,
                             "Runtime.BuiltInModuleConflict", []))
try:
    module = importlib.import_module(module_name.replace("/", "."))
except ImportError as error:
    fail_init(error_document("Unable to import module '%s': %s" % (module_name, error), "Runtime.ImportModuleError", []))
except SyntaxError as error:
    fail_init(error_document("Syntax error in module '%s': %s" % (module_name, error), "Runtime.UserCodeSyntaxError",
                             ['  File "%s" Line %s\n    %s' % (error.filename, error.lineno, error.text)]))
except Exception as error:
    fail_init(error_document(str(error), type(error).__name__, user_frames(error)))
handler = getattr(module, function_name, None)
if handler is None:
    fail_init(error_document("Handler '%s' missing on module '%s'" % (function_name, module_name),
                             "Runtime.HandlerNotFound", []))


deadline_ms = None


def watchdog():
    # The lab ends an environment whose invocation outlives its timeout; this process ends too,
    # whatever the handler is doing, a second later.
    while True:
        time.sleep(0.5)
        if deadline_ms is not None and time.time() * 1000 > deadline_ms + 1000:
            os._exit(1)


threading.Thread(target=watchdog, daemon=True).start()


class MarshalError(Exception):
    """A result the runtime cannot write as JSON (Runtime.MarshalError)."""


class Context:
    def __init__(self, request_id, deadline_ms, function_arn):
        self.function_name = os.environ.get("AWS_LAMBDA_FUNCTION_NAME")
        self.function_version = os.environ.get("AWS_LAMBDA_FUNCTION_VERSION")
        self.invoked_function_arn = function_arn
        self.memory_limit_in_mb = os.environ.get("AWS_LAMBDA_FUNCTION_MEMORY_SIZE")
        self.aws_request_id = request_id
        self.log_group_name = os.environ.get("AWS_LAMBDA_LOG_GROUP_NAME")
        self.log_stream_name = os.environ.get("AWS_LAMBDA_LOG_STREAM_NAME")
        self._deadline_ms = deadline_ms
        self.client_context = None
        self.identity = None
        self.tenant_id = None

    def get_remaining_time_in_millis(self):
        return max(0, int(self._deadline_ms - time.time() * 1000))


while True:
    runtime_api.request("GET", "/2018-06-01/runtime/invocation/next")
    invocation = runtime_api.getresponse()
    event = json.loads(invocation.read())
    request_id = invocation.getheader("Lambda-Runtime-Aws-Request-Id")
    deadline_ms = int(invocation.getheader("Lambda-Runtime-Deadline-Ms"))
    trace_id = invocation.getheader("Lambda-Runtime-Trace-Id")
    if trace_id:
        os.environ["_X_AMZN_TRACE_ID"] = trace_id
    else:
        os.environ.pop("_X_AMZN_TRACE_ID", None)
    context = Context(request_id, deadline_ms, invocation.getheader("Lambda-Runtime-Invoked-Function-Arn"))
    try:
        result = handler(event, context)
        try:
            json.dumps(result, default=number)
        except (TypeError, ValueError) as error:
            raise MarshalError("Unable to marshal response: %s" % error) from None
        deadline_ms = None
        post("/invocation/%s/response" % request_id, result)
        continue
    except MarshalError as error:
        document = error_document(str(error), "Runtime.MarshalError", [])
    except Exception as error:
        document = error_document(str(error), type(error).__name__, user_frames(error))
    log_error(document)
    deadline_ms = None
    post("/invocation/%s/error" % request_id, document, document["errorType"])
